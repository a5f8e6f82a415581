// The app's dialogs: open/new from the library, changing the rule system, save as, confirmations, crash recovery,
// about and settings.
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Backup, DocumentRef, Library } from '../../domain/host-api.js';
import { RULE_SYSTEMS, type RuleSystem } from '../../domain/model.js';
import { PROFILES } from '../../domain/rule-systems/registry.js';
import type { Settings } from '../state/settings.js';
import { lastNewRuleSystem, rememberNewRuleSystem } from '../state/templates.js';
import { gridWords, type RuleSystemSwitch } from './rule-system-switch.js';

function RefList(props: { refs: DocumentRef[]; empty: string; onPick: (ref: DocumentRef) => void }) {
  if (props.refs.length === 0) return <Typography color="text.secondary" sx={{ p: 2 }}>{props.empty}</Typography>;
  return (
    <List dense>
      {props.refs.map((r) => (
        <ListItemButton key={`${r.source}:${r.path}`} onClick={() => props.onPick(r)} data-doc-path={r.path}>
          <ListItemText
            primary={r.title ?? r.name}
            secondary={`${r.name} · ${r.kind === 'army' ? 'army list' : 'scenario'}${r.modified ? ` · ${new Date(r.modified).toLocaleString()}` : ''}`}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

export function LibraryDialog(props: {
  open: boolean;
  mode: 'open' | 'new';
  library: Library | null;
  onClose: () => void;
  onOpen: (ref: DocumentRef) => void;
  onNewBlank: (kind: 'scenario' | 'army', system: RuleSystem) => void;
  onBrowse?: () => void;
}) {
  const [tab, setTab] = useState('workspace');
  const lib = props.library;
  if (props.mode === 'new') {
    return (
      <NewDocumentDialog
        open={props.open}
        library={lib}
        onClose={() => props.onClose()}
        onOpen={(r) => props.onOpen(r)}
        onNewBlank={(k, system) => props.onNewBlank(k, system)}
      />
    );
  }
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" data-testid="library-dialog">
      <DialogTitle>Open</DialogTitle>
      <DialogContent sx={{ minHeight: 360 }}>
        <Tabs value={tab} onChange={(_e, v: string) => setTab(v)}>
          <Tab value="workspace" label="Workspace" />
          <Tab value="recent" label="Recent" />
          <Tab value="samples" label="Samples" />
        </Tabs>
        {tab === 'workspace' && (
          <>
            {lib?.workspaceDir && <Typography variant="caption" color="text.secondary">{lib.workspaceDir}</Typography>}
            <RefList refs={lib?.workspace ?? []} empty="No scenarios or army lists in the workspace folder yet." onPick={props.onOpen} />
          </>
        )}
        {tab === 'recent' && <RefList refs={lib?.recent ?? []} empty="Nothing opened yet." onPick={props.onOpen} />}
        {tab === 'samples' && <RefList refs={lib?.samples ?? []} empty="No samples found." onPick={props.onOpen} />}
      </DialogContent>
      <DialogActions>
        {props.onBrowse && <Button onClick={props.onBrowse}>Browse…</Button>}
        <Button onClick={props.onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A radio mark drawn, not an input: the list item it sits in is the one control. */
function RadioMark(props: { on: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 16,
        height: 16,
        mt: '3px',
        flexShrink: 0,
        borderRadius: '50%',
        border: 2,
        borderColor: props.on ? 'primary.main' : 'text.disabled',
        display: 'grid',
        placeItems: 'center',
        '&::after': props.on ? { content: '""', width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main' } : {},
      }}
    />
  );
}

/** What a blank scenario of the system starts with, one fact a line. */
function defaultsFacts(system: RuleSystem): [string, string][] {
  const d = PROFILES[system].defaults;
  return [
    ['Table', `${d.table.width}″ × ${d.table.height}″`],
    ['Grid', gridWords(d.grid, d.table)],
    ['Figure ratio', d.figureRatio !== undefined ? `1:${d.figureRatio}` : 'none (not used)'],
    ['Turns', String(d.turnLimit)],
  ];
}

/**
 * New: the rule system first, each with what it plays, then a blank scenario or army list laid out by its defaults,
 * or a copy of a sample. The list is one tab stop: the arrow keys move through it, Enter creates a blank scenario of
 * the system chosen, and the choice is offered first next time.
 */
function NewDocumentDialog(props: {
  open: boolean;
  library: Library | null;
  onClose: () => void;
  onOpen: (ref: DocumentRef) => void;
  onNewBlank: (kind: 'scenario' | 'army', system: RuleSystem) => void;
}) {
  const [system, setSystem] = useState<RuleSystem>(() => lastNewRuleSystem());
  const items = useRef(new Map<RuleSystem, HTMLElement>());
  const create = (kind: 'scenario' | 'army') => {
    rememberNewRuleSystem(system);
    props.onNewBlank(kind, system);
  };
  const onKey = (e: KeyboardEvent) => {
    const i = RULE_SYSTEMS.indexOf(system);
    const last = RULE_SYSTEMS.length - 1;
    const to = { ArrowDown: Math.min(i + 1, last), ArrowUp: Math.max(i - 1, 0), Home: 0, End: last }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      setSystem(RULE_SYSTEMS[to]!);
      items.current.get(RULE_SYSTEMS[to]!)?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      create('scenario');
    }
  };
  const title = PROFILES[system].title;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md" data-testid="library-dialog" data-mode="new">
      <DialogTitle>New document</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)', gap: 3, alignItems: 'start' }}>
          <Box>
            <Typography variant="subtitle2" id="new-rule-system-label" sx={{ mb: 0.5 }}>Rule system</Typography>
            <List dense disablePadding role="listbox" aria-labelledby="new-rule-system-label" onKeyDown={onKey} data-testid="new-rule-systems">
              {RULE_SYSTEMS.map((id) => (
                <ListItemButton
                  key={id}
                  role="option"
                  aria-selected={id === system}
                  selected={id === system}
                  tabIndex={id === system ? 0 : -1}
                  autoFocus={id === system}
                  ref={(el: HTMLDivElement | null) => {
                    if (el) items.current.set(id, el);
                    else items.current.delete(id);
                  }}
                  onClick={() => setSystem(id)}
                  onDoubleClick={() => create('scenario')}
                  data-rule-system={id}
                  sx={{ borderRadius: 1, gap: 1.5, alignItems: 'flex-start', py: 1, mb: 0.5 }}
                >
                  <RadioMark on={id === system} />
                  <ListItemText primary={PROFILES[id].title} secondary={PROFILES[id].description} sx={{ my: 0 }} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                </ListItemButton>
              ))}
            </List>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              ↑ ↓ to choose, Enter to create the scenario.
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>A blank {title} scenario starts with</Typography>
            <Box component="dl" data-testid="new-defaults" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
              {defaultsFacts(system).map(([what, value]) => (
                <Box key={what} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">{what}</Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value}</Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="subtitle2">Or a copy of a sample</Typography>
            <Box sx={{ maxHeight: 300, overflow: 'auto', mx: -1 }}>
              <RefList refs={props.library?.samples ?? []} empty="No samples found." onPick={props.onOpen} />
            </Box>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={() => create('army')} data-testid="new-blank-army">Create army list</Button>
        <Button variant="contained" onClick={() => create('scenario')} data-testid="new-blank-scenario">Create scenario</Button>
      </DialogActions>
    </Dialog>
  );
}

const LINE_MARK: Record<'changes' | 'kept' | 'to do', { color: 'primary' | 'default' | 'warning' }> = {
  changes: { color: 'primary' },
  kept: { color: 'default' },
  'to do': { color: 'warning' },
};

/** What changing the rule system will do, line by line, before it is done; done as one step that Undo takes back. */
export function RuleSystemDialog(props: { open: boolean; change: RuleSystemSwitch; onCancel: () => void; onApply: () => void }) {
  const { change } = props;
  const to = PROFILES[change.to].title;
  const from = change.from ? PROFILES[change.from].title : undefined;
  return (
    <Dialog open={props.open} onClose={props.onCancel} fullWidth maxWidth="sm" data-testid="rule-system-dialog">
      <DialogTitle>Change the rule system to {to}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {from ? `From ${from}. ` : ''}This is one step: Undo puts everything back as it was.
        </DialogContentText>
        <List dense disablePadding>
          {change.lines.map((line) => {
            const mark = line.attention ? 'to do' : line.changed ? 'changes' : 'kept';
            return (
              <ListItem key={line.topic} disableGutters data-topic={line.topic} data-changed={line.changed} sx={{ alignItems: 'flex-start', gap: 1.5 }}>
                <Box sx={{ width: 72, flexShrink: 0, pt: '3px' }}>
                  <Chip size="small" label={mark} color={LINE_MARK[mark].color} variant={mark === 'kept' ? 'outlined' : 'filled'} sx={{ width: '100%' }} />
                </Box>
                <ListItemText primary={line.text} slotProps={{ primary: { variant: 'body2', color: line.changed || line.attention ? 'text.primary' : 'text.secondary' } }} />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" autoFocus onClick={props.onApply} data-testid="rule-system-apply">
          Change to {to}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SaveAsDialog(props: { open: boolean; suggested: string; onCancel: () => void; onSave: (name: string) => void }) {
  const [name, setName] = useState(props.suggested);
  const valid = /^[^/\\:*?"<>|]+\.(scenario|army)\.json$/.test(name);
  return (
    <Dialog open={props.open} onClose={props.onCancel} fullWidth maxWidth="xs" data-testid="save-as-dialog">
      <DialogTitle>Save as</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>The file is saved in the workspace folder.</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label="File name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!valid}
          helperText={valid ? ' ' : 'End the name with .scenario.json or .army.json, without slashes.'}
          slotProps={{ htmlInput: { 'data-testid': 'save-as-name' } }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && valid) props.onSave(name);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={() => props.onSave(name)} data-testid="save-as-confirm">Save</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface Choice {
  label: string;
  value: string;
  primary?: boolean;
}

export function ConfirmDialog(props: { open: boolean; title: string; text: string; choices: Choice[]; onChoose: (value: string | null) => void }) {
  return (
    <Dialog open={props.open} onClose={() => props.onChoose(null)} data-testid="confirm-dialog">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {props.choices.map((c) => (
          <Button key={c.value} variant={c.primary ? 'contained' : 'text'} onClick={() => props.onChoose(c.value)} data-choice={c.value}>
            {c.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}

export function RecoveryDialog(props: { backups: Backup[]; onRestore: (b: Backup) => void; onDiscard: (b: Backup) => void; onClose: () => void }) {
  return (
    <Dialog open={props.backups.length > 0} onClose={props.onClose} fullWidth maxWidth="sm" data-testid="recovery-dialog">
      <DialogTitle>Recover unsaved work</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Aide-de-Camp closed with changes that were not saved. They were kept, and you can restore them now.
        </DialogContentText>
        <List dense>
          {props.backups.map((b) => (
            <ListItemButton key={b.key} disableRipple>
              <ListItemText primary={b.title} secondary={`${b.path ?? 'never saved'} · kept ${new Date(b.savedAt).toLocaleString()}`} />
              <Button onClick={() => props.onDiscard(b)} data-testid="recovery-discard">Discard</Button>
              <Button variant="contained" onClick={() => props.onRestore(b)} data-testid="recovery-restore">Restore</Button>
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Decide later</Button>
      </DialogActions>
    </Dialog>
  );
}

export function AboutDialog(props: { open: boolean; version: string; shell: string; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} data-testid="about-dialog">
      <DialogTitle>Aide-de-Camp</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Version {props.version} ({props.shell === 'electron' ? 'desktop' : 'browser'}). A studio for Napoleonic
          miniature wargame scenarios: draw the table, write the orders of battle, check them against the rules,
          test-play and print.
        </DialogContentText>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Rule systems: Square Eagles, Napoleon's Eagles, Eagles to Glory, Hex Skirmish.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function SettingsDialog(props: { open: boolean; settings: Settings; onChange: (s: Settings) => void; onClose: () => void }) {
  const s = props.settings;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" data-testid="settings-dialog">
      <DialogTitle>Settings</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField select label="Paper size" value={s.paper} onChange={(e) => { const v = e.target.value; if (v === 'a4' || v === 'letter') props.onChange({ ...s, paper: v }); }}>
          <MenuItem value="a4">A4</MenuItem>
          <MenuItem value="letter">Letter</MenuItem>
        </TextField>
        <TextField select label="Show lengths in" value={s.units} onChange={(e) => { const v = e.target.value; if (v === 'inches' || v === 'centimetres') props.onChange({ ...s, units: v }); }}>
          <MenuItem value="inches">Inches</MenuItem>
          <MenuItem value="centimetres">Centimetres</MenuItem>
        </TextField>
        <FormControlLabel
          control={<Switch checked={s.showCellLabels} onChange={(e) => props.onChange({ ...s, showCellLabels: e.target.checked })} />}
          label="Show cell labels on the map"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
