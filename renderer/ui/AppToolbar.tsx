// The application's toolbar: the file and history commands, the document's title and the ⋮ menu. A memoised
// component of plain props, so an edit re-renders it only when a button's state, a tooltip or the title changes,
// not its dozen MUI buttons and tooltips on every keystroke (tests/bench/NOTES.md, "Validation on edit").
import { AppBar, Box, Button, Divider, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import { memo, useState, type RefObject } from 'react';
import { APP_COMMANDS } from '../../domain/app-commands.js';
import type { MenuCommand } from '../../domain/host-api.js';
import { commandTooltip, currentPlatform, shownKey, type Shell } from './actions.js';

const PLATFORM = currentPlatform();

/**
 * Only the hover's background fades: Undo and Redo turn greyed or not with nearly every edit, and a fading text
 * colour asked for a frame of style, paint and layerize every 16 ms for a quarter of a second after each.
 */
const COMMAND_SX = { transitionProperty: 'background-color' } as const;

/**
 * One command's button and tooltip, memoised on its own: an edit changes the Undo and Redo tooltips, and only those
 * two re-render. A command that can be greyed sits in a span, so its tooltip still shows while it is disabled.
 */
const Command = memo(function Command(props: { id: MenuCommand; label: string; tip: string; disabled?: boolean; runRef: RefObject<(command: MenuCommand) => void> }) {
  const button = (
    <Button color="inherit" onClick={() => props.runRef.current(props.id)} disabled={props.disabled ?? false} data-testid={`cmd-${props.id}`} sx={COMMAND_SX}>
      {props.label}
    </Button>
  );
  return <Tooltip title={props.tip}>{props.disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
});

export const AppToolbar = memo(function AppToolbar(props: {
  shell: Shell;
  save: boolean;
  print: boolean;
  testPlay: boolean;
  undo: boolean;
  redo: boolean;
  printTip: string;
  playTip: string;
  undoTip: string;
  redoTip: string;
  /** Null while no document (nor unreadable text) is open. */
  title: string | null;
  fileName: string | null;
  dirty: boolean;
  /** The app's command runner as of the last commit. */
  runRef: RefObject<(command: MenuCommand) => void>;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const run = (command: MenuCommand) => props.runRef.current(command);
  const tip = (id: MenuCommand) => commandTooltip(id, props.shell, PLATFORM);
  const { title, fileName } = props;
  return (
    <AppBar position="static" elevation={0}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Typography variant="h6" sx={{ fontSize: 16, mr: 2 }}>Aide-de-Camp</Typography>
        <Command id="new" label="New" tip={tip('new')} runRef={props.runRef} />
        <Command id="open" label="Open" tip={tip('open')} runRef={props.runRef} />
        <Command id="save" label="Save" tip={tip('save')} disabled={!props.save} runRef={props.runRef} />
        <Command id="save-as" label="Save as" tip={tip('save-as')} disabled={!props.save} runRef={props.runRef} />
        <Command id="print" label="Print…" tip={props.printTip} disabled={!props.print} runRef={props.runRef} />
        <Command id="test-play" label="Test play" tip={props.playTip} disabled={!props.testPlay} runRef={props.runRef} />
        <Divider orientation="vertical" flexItem sx={{ borderColor: 'rgba(255,255,255,0.3)', mx: 1 }} />
        <Command id="undo" label="Undo" tip={props.undoTip} disabled={!props.undo} runRef={props.runRef} />
        <Command id="redo" label="Redo" tip={props.redoTip} disabled={!props.redo} runRef={props.runRef} />
        <Box sx={{ flex: 1, textAlign: 'center', overflow: 'hidden' }}>
          {title !== null && (
            // A block, so a name too long for the bar ends in an ellipsis, and shows whole under the pointer.
            <Typography noWrap data-testid="doc-title" component="div" title={fileName ? `${title} — ${fileName}` : title} sx={{ fontWeight: 500 }}>
              {title}
              {fileName ? <Typography component="span" sx={{ opacity: 0.7, ml: 1, fontSize: 12 }}>{fileName}</Typography> : null}
              {props.dirty && <span data-testid="dirty-marker" title="Unsaved changes" style={{ marginLeft: 8 }}>●</span>}
            </Typography>
          )}
        </Box>
        <IconButton color="inherit" onClick={(e) => setMenuAnchor(e.currentTarget)} aria-label="More" data-testid="cmd-more">⋮</IconButton>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          {(['settings', 'shortcuts', 'about'] as const).map((id) => (
            <MenuItem key={id} onClick={() => { setMenuAnchor(null); run(id); }} data-testid={`menu-${id}`}>
              <Box component="span" sx={{ flex: 1 }}>{APP_COMMANDS[id].label}</Box>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 3 }}>{shownKey(id, props.shell, PLATFORM)}</Typography>
            </MenuItem>
          ))}
        </Menu>
      </Toolbar>
    </AppBar>
  );
});
