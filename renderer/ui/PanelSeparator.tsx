// The pieces of a resizable panel (use-panel-layout.ts): the separator to drag or step with the keys, the button
// that folds a panel away and brings it back, and a side column with its title, which folds to a narrow rail.
import { Box, ButtonBase, IconButton, Tooltip, Typography, type SxProps, type Theme } from '@mui/material';
import { memo, type ReactNode } from 'react';
import type { PanelControl } from './use-panel-layout.js';

/** How wide a folded side panel's rail is. */
export const RAIL_PX = 26;

/** A line between two panels, with a wider invisible grip either side so it is easy to catch. */
export function PanelSeparator({ control }: { control: PanelControl }) {
  const vertical = control.separator['aria-orientation'] === 'vertical';
  return (
    <Box
      {...control.separator}
      data-testid={`separator-${control.id}`}
      sx={{
        flex: 'none',
        position: 'relative',
        zIndex: 5,
        bgcolor: 'divider',
        touchAction: 'none',
        outline: 'none',
        ...(vertical ? { width: '1px', cursor: 'col-resize' } : { height: '1px', cursor: 'row-resize' }),
        '&::before': { content: '""', position: 'absolute', ...(vertical ? { top: 0, bottom: 0, left: -4, right: -4 } : { left: 0, right: 0, top: -4, bottom: -4 }) },
        '&:hover, &[data-dragging="true"]': { bgcolor: 'primary.light', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.light}` },
        '&:focus-visible': { bgcolor: 'primary.main', boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
      }}
    />
  );
}

/** A chevron pointing the way the panel's edge will move. */
function Chevron({ to }: { to: 'left' | 'right' | 'up' | 'down' }) {
  const turn = { right: 0, down: 90, left: 180, up: 270 }[to];
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" style={{ transform: `rotate(${turn}deg)` }}>
      <path d="M5 3l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The side the panel sits on, which decides which way its chevron points. */
export type PanelEdge = 'left' | 'right' | 'bottom';

const towards = (edge: PanelEdge, folding: boolean): 'left' | 'right' | 'up' | 'down' => {
  if (edge === 'bottom') return folding ? 'down' : 'up';
  return (edge === 'left') === folding ? 'left' : 'right';
};

/**
 * Memoised on what it shows: the panel's control is a new object with every render of the app, which re-renders
 * with every edit, and the button with its tooltip is a dozen MUI components through emotion.
 */
export const FoldButton = memo(
  function FoldButton(props: { control: PanelControl; edge: PanelEdge; sx?: SxProps<Theme> }) {
    const { control, edge } = props;
    const label = `${control.collapsed ? 'Show' : 'Hide'} the ${control.title.toLowerCase()}`;
    return (
      <Tooltip title={label} disableInteractive>
        <IconButton
          size="small"
          onClick={control.toggle}
          aria-label={label}
          aria-expanded={!control.collapsed}
          aria-controls={control.elementId}
          data-testid={`fold-${control.id}`}
          sx={{ width: 24, height: 24, color: 'text.secondary', ...props.sx }}
        >
          <Chevron to={towards(edge, !control.collapsed)} />
        </IconButton>
      </Tooltip>
    );
  },
  (a, b) =>
    a.edge === b.edge &&
    a.sx === b.sx &&
    a.control.id === b.control.id &&
    a.control.title === b.control.title &&
    a.control.elementId === b.control.elementId &&
    a.control.collapsed === b.control.collapsed &&
    a.control.toggle === b.control.toggle,
);

/**
 * A side column: a title bar with the fold button over the content, or, folded, a narrow rail that opens it again.
 * Folded, the content is not drawn at all. `header` takes the title's place in the bar (a panel's own tabs).
 */
export function SidePanel(props: { control: PanelControl; edge: 'left' | 'right'; header?: ReactNode; children: ReactNode }) {
  const { control, edge } = props;
  if (control.collapsed) {
    const label = `Show the ${control.title.toLowerCase()}`;
    return (
      <Tooltip title={label} placement={edge === 'left' ? 'right' : 'left'} disableInteractive>
        <ButtonBase
          id={control.elementId}
          onClick={control.toggle}
          aria-label={label}
          aria-expanded={false}
          data-testid={`fold-${control.id}`}
          data-collapsed="true"
          sx={{ width: RAIL_PX, flex: 'none', flexDirection: 'column', justifyContent: 'flex-start', gap: 1, pt: 1, color: 'text.secondary', bgcolor: 'background.default', '&:hover': { bgcolor: 'action.hover' } }}
        >
          <Chevron to={towards(edge, false)} />
          <Typography component="span" variant="overline" sx={{ writingMode: 'vertical-rl', lineHeight: 1, fontSize: 11, letterSpacing: '0.1em' }}>
            {control.title}
          </Typography>
        </ButtonBase>
      </Tooltip>
    );
  }
  return (
    <Box id={control.elementId} data-panel-id={control.id} sx={{ width: control.size, flex: 'none', minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ height: 32, flex: 'none', display: 'flex', alignItems: 'center', gap: 0.5, px: 0.75, borderBottom: 1, borderColor: 'divider' }}>
        {/* The fold button sits next to the separator, by the map the panel gives its room to. */}
        {edge === 'right' && <FoldButton control={control} edge={edge} />}
        {props.header ?? (
          <Typography variant="overline" noWrap sx={{ flex: 1, minWidth: 0, fontSize: 11, lineHeight: '32px', color: 'text.secondary', letterSpacing: '0.1em', pl: 0.5 }}>
            {control.title}
          </Typography>
        )}
        {edge === 'left' && <FoldButton control={control} edge={edge} />}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>{props.children}</Box>
    </Box>
  );
}
