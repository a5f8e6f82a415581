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
    // A field's label moves as it always did, but turns red (or back) at once: an edit that gives the inspector's
    // field a problem or takes one away faded the label's colour over 200 ms, a frame of style, paint and layerize
    // every 16 ms, some of them ahead of the check's answer on its way to the problems list.
    MuiInputLabel: { styleOverrides: { root: { transitionProperty: 'transform, max-width' } } },
    MuiAppBar: {
      styleOverrides: {
        root: {
          // MUI greys a disabled button for a light background, which on the dark bar all but vanishes; half-white
          // reads as unavailable yet stays legible (over 4:1 against the bar).
          '& .MuiButtonBase-root.Mui-disabled': { color: 'rgba(255, 255, 255, 0.5)' },
          // The bar's commands keep their words whole; the document's name gives way instead.
          '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
        },
      },
    },
  },
});
