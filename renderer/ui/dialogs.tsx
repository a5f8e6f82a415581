// The app's dialogs: open/new from the library, save as, confirmations, crash recovery, about and settings.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { Backup, DocumentRef, Library } from '../../domain/host-api.js';
import type { Settings } from '../state/settings.js';

function RefList(props: { refs: DocumentRef[]; empty: string; onPick(ref: DocumentRef): void }) {
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
  onClose(): void;
  onOpen(ref: DocumentRef): void;
  onNewBlank(kind: 'scenario' | 'army'): void;
  onBrowse?: () => void;
}) {
  const [tab, setTab] = useState(props.mode === 'new' ? 'templates' : 'workspace');
  const lib = props.library;
  const current = props.mode === 'new' ? 'templates' : tab === 'templates' ? 'workspace' : tab;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" data-testid="library-dialog">
      <DialogTitle>{props.mode === 'new' ? 'New document' : 'Open'}</DialogTitle>
      <DialogContent sx={{ minHeight: 360 }}>
        {props.mode === 'new' ? (
          <>
            <DialogContentText>Start from a blank document, or from a copy of a sample.</DialogContentText>
            <List dense>
              <ListItemButton onClick={() => props.onNewBlank('scenario')} data-testid="new-blank-scenario">
                <ListItemText primary="Blank scenario" secondary="Square Eagles, 36″ × 36″ table, 6″ boxes, 15 turns" />
              </ListItemButton>
              <ListItemButton onClick={() => props.onNewBlank('army')} data-testid="new-blank-army">
                <ListItemText primary="Blank army list" secondary="Napoleon's Eagles at 1:60" />
              </ListItemButton>
            </List>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>From a sample</Typography>
            <RefList refs={lib?.samples ?? []} empty="No samples found." onPick={props.onOpen} />
          </>
        ) : (
          <>
            <Tabs value={current} onChange={(_e, v: string) => setTab(v)}>
              <Tab value="workspace" label="Workspace" />
              <Tab value="recent" label="Recent" />
              <Tab value="samples" label="Samples" />
            </Tabs>
            {current === 'workspace' && (
              <>
                {lib?.workspaceDir && <Typography variant="caption" color="text.secondary">{lib.workspaceDir}</Typography>}
                <RefList refs={lib?.workspace ?? []} empty="No scenarios or army lists in the workspace folder yet." onPick={props.onOpen} />
              </>
            )}
            {current === 'recent' && <RefList refs={lib?.recent ?? []} empty="Nothing opened yet." onPick={props.onOpen} />}
            {current === 'samples' && <RefList refs={lib?.samples ?? []} empty="No samples found." onPick={props.onOpen} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {props.onBrowse && props.mode === 'open' && <Button onClick={props.onBrowse}>Browse…</Button>}
        <Button onClick={props.onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

export function SaveAsDialog(props: { open: boolean; suggested: string; onCancel(): void; onSave(name: string): void }) {
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

export function ConfirmDialog(props: { open: boolean; title: string; text: string; choices: Choice[]; onChoose(value: string | null): void }) {
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

export function RecoveryDialog(props: { backups: Backup[]; onRestore(b: Backup): void; onDiscard(b: Backup): void; onClose(): void }) {
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

export function AboutDialog(props: { open: boolean; version: string; shell: string; onClose(): void }) {
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

export function SettingsDialog(props: { open: boolean; settings: Settings; onChange(s: Settings): void; onClose(): void }) {
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
