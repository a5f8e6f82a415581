// The application's toolbar: the file and history commands, the document's title and the ⋮ menu. A memoised
// component of plain props, so an edit re-renders it only when a button's state, a tooltip or the title changes,
// not its dozen MUI buttons and tooltips on every keystroke (tests/bench/NOTES.md, "Validation on edit").
import { AppBar, Box, Button, Divider, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import { memo, useState, type RefObject } from 'react';
import { APP_COMMANDS } from '../../domain/app-commands.js';
import type { MenuCommand } from '../../domain/host-api.js';
import { commandTooltip, currentPlatform, shownKey, type Shell } from './actions.js';

const PLATFORM = currentPlatform();

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
        <Tooltip title={tip('new')}>
          <Button color="inherit" onClick={() => run('new')} data-testid="cmd-new">New</Button>
        </Tooltip>
        <Tooltip title={tip('open')}>
          <Button color="inherit" onClick={() => run('open')} data-testid="cmd-open">Open</Button>
        </Tooltip>
        <Tooltip title={tip('save')}>
          <span>
            <Button color="inherit" onClick={() => run('save')} disabled={!props.save} data-testid="cmd-save">Save</Button>
          </span>
        </Tooltip>
        <Tooltip title={tip('save-as')}>
          <span>
            <Button color="inherit" onClick={() => run('save-as')} disabled={!props.save} data-testid="cmd-save-as">Save as</Button>
          </span>
        </Tooltip>
        <Tooltip title={props.printTip}>
          <span>
            <Button color="inherit" onClick={() => run('print')} disabled={!props.print} data-testid="cmd-print">Print…</Button>
          </span>
        </Tooltip>
        <Tooltip title={props.playTip}>
          <span>
            <Button color="inherit" onClick={() => run('test-play')} disabled={!props.testPlay} data-testid="cmd-test-play">Test play</Button>
          </span>
        </Tooltip>
        <Divider orientation="vertical" flexItem sx={{ borderColor: 'rgba(255,255,255,0.3)', mx: 1 }} />
        <Tooltip title={props.undoTip}>
          <span>
            <Button color="inherit" onClick={() => run('undo')} disabled={!props.undo} data-testid="cmd-undo">Undo</Button>
          </span>
        </Tooltip>
        <Tooltip title={props.redoTip}>
          <span>
            <Button color="inherit" onClick={() => run('redo')} disabled={!props.redo} data-testid="cmd-redo">Redo</Button>
          </span>
        </Tooltip>
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
