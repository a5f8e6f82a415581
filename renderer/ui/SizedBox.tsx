// A box whose content is drawn at the box's own size (use-size.ts), and only once it has one. The size is state of
// this box alone: when it changes (the first measure, a window or panel resized) only the content re-renders, not
// the component around it (the map editor's palette, view bar and unit list, 20 ms at start-up).
import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useSize, type Size } from './use-size.js';

export function SizedBox({ sx, children }: { sx?: SxProps<Theme>; children: (size: Size) => ReactNode }) {
  const [ref, size] = useSize();
  return (
    <Box ref={ref} sx={sx}>
      {size.width > 0 && size.height > 0 && children(size)}
    </Box>
  );
}
