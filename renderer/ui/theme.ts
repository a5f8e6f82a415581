import { createTheme } from '@mui/material';

// Dark blue of a French coat, cream of a map: quiet colours that leave the map to speak.
export const theme = createTheme({
  palette: {
    primary: { main: '#1f3a5f' },
    secondary: { main: '#b03a2e' },
    background: { default: '#f4f1ea' },
  },
  typography: { fontSize: 13 },
  components: {
    MuiTextField: { defaultProps: { size: 'small', variant: 'outlined' } },
    MuiButton: { defaultProps: { size: 'small' } },
  },
});
