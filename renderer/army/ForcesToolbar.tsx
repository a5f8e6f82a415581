// The Forces view's toolbar, memoised: an edit changes the document, and with it nothing the toolbar shows, so it
// does not re-render its buttons and tooltips (MUI and emotion) on every keystroke committed in the table. Its
// commands are read through a ref to the view's latest handlers.
import { Box, Button, Divider, Menu, MenuItem, Tooltip } from '@mui/material';
import { memo, useState, type RefObject } from 'react';

export interface ForcesToolbarCommands {
  addFormation: () => void;
  addUnit: () => void;
  addLeader: () => void;
  duplicate: () => void;
  delete: () => void;
  dialog: (which: 'convert' | 'report' | 'copy' | 'paste') => void;
  /** Saves scenario side `i` as an army list. */
  saveSide: (i: number) => void;
}

interface Props {
  commands: RefObject<ForcesToolbarCommands>;
  hasSelection: boolean;
  /** Units marked in the table (the Delete button says how many when over one). */
  marked: number;
  canConvert: boolean;
  ratio: number | undefined;
  hasConversionReport: boolean;
  /** The scenario's side names, null for an army list. */
  sides: readonly string[] | null;
}

function ForcesToolbarImpl(props: Props) {
  const { commands, hasSelection, marked, canConvert, ratio, hasConversionReport, sides } = props;
  const [listsMenu, setListsMenu] = useState<HTMLElement | null>(null);
  const run = (name: Exclude<keyof ForcesToolbarCommands, 'dialog' | 'saveSide'>) => () => commands.current[name]();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', flexWrap: 'wrap' }}>
      <Tooltip title="Add a formation under the selected one (+ in the tree)">
        <Button onClick={run('addFormation')} data-testid="forces-add-formation">+ Formation</Button>
      </Tooltip>
      <Tooltip title="Add a unit to the selected formation (U in the tree)">
        <Button onClick={run('addUnit')} data-testid="forces-add-unit">+ Unit</Button>
      </Tooltip>
      <Tooltip title="Give the selected formation a leader (L in the tree)">
        <Button onClick={run('addLeader')} data-testid="forces-add-leader">+ Leader</Button>
      </Tooltip>
      <Tooltip title="Duplicate the selection (Ctrl+D in the tree)">
        <span>
          <Button onClick={run('duplicate')} disabled={!hasSelection} data-testid="forces-duplicate">Duplicate</Button>
        </span>
      </Tooltip>
      <Tooltip title="Delete the selection (Delete in the tree)">
        <span>
          <Button color="error" onClick={run('delete')} disabled={!hasSelection} data-testid="forces-delete">
            Delete{marked > 1 ? ` (${marked})` : ''}
          </Button>
        </span>
      </Tooltip>
      <Box sx={{ flex: 1 }} />
      <Button onClick={() => commands.current.dialog('paste')} data-testid="forces-paste">Paste rows…</Button>
      {canConvert && (
        <Tooltip title="Convert figures between 1:60 and 1:30 (Napoleon's Eagles)">
          <Button onClick={() => commands.current.dialog('convert')} data-testid="forces-convert">
            1:{ratio ?? '?'} → 1:{ratio === 30 ? 60 : 30}…
          </Button>
        </Tooltip>
      )}
      {hasConversionReport && (
        <Tooltip title="What the last conversion changed, unit by unit: save it as Markdown or CSV, or print it">
          <Button onClick={() => commands.current.dialog('report')} data-testid="forces-conversion-report">Last conversion report…</Button>
        </Tooltip>
      )}
      {sides && (
        <>
          <Button onClick={(e) => setListsMenu(e.currentTarget)} data-testid="forces-lists">Army lists ▾</Button>
          <Menu anchorEl={listsMenu} open={listsMenu !== null} onClose={() => setListsMenu(null)}>
            <MenuItem onClick={() => { setListsMenu(null); commands.current.dialog('copy'); }} data-testid="copy-list-into-side">Copy army list into side…</MenuItem>
            <Divider />
            {sides.map((name, i) => (
              <MenuItem
                key={i}
                data-testid={`save-side-${i}`}
                onClick={() => {
                  setListsMenu(null);
                  commands.current.saveSide(i);
                }}
              >
                Save {name} as army list…
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}

export const ForcesToolbar = memo(ForcesToolbarImpl, (a, b) => {
  const same = (x: readonly string[] | null, y: readonly string[] | null) => x === y || (!!x && !!y && x.length === y.length && x.every((v, i) => v === y[i]));
  return a.commands === b.commands && a.hasSelection === b.hasSelection && a.marked === b.marked && a.canConvert === b.canConvert && a.ratio === b.ratio && a.hasConversionReport === b.hasConversionReport && same(a.sides, b.sides);
});
