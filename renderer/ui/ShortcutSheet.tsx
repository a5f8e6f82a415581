// The shortcut sheet (F1 or ?): every command and key by section, as shortcut-sheet.ts lists them for this shell and
// platform, with a search over names and keys. Escape closes it, like every dialog; it is mounted only while open, so
// each opening starts with an empty search.
import { Box, Dialog, DialogContent, DialogTitle, IconButton, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { AppCommandId, Platform } from '../../domain/app-commands.js';
import type { Shell } from './actions.js';
import { filterSheet, shortcutSheet, type SheetKey } from './shortcut-sheet.js';

function Keys(props: { keys: SheetKey[] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
      {props.keys.map((k) => (
        <Box
          component="kbd"
          key={k.text}
          title={k.kept ? 'The browser keeps this key for itself' : undefined}
          data-kept={k.kept || undefined}
          sx={{
            font: '12px/18px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            px: '5px',
            border: '1px solid #cfc9bb',
            borderBottomWidth: 2,
            borderRadius: '4px',
            bgcolor: k.kept ? 'transparent' : '#f7f5f0',
            color: k.kept ? 'text.disabled' : 'text.primary',
            textDecoration: k.kept ? 'line-through' : 'none',
            whiteSpace: 'nowrap',
          }}
        >
          {k.text}
        </Box>
      ))}
    </Box>
  );
}

export function ShortcutSheet(props: {
  open: boolean;
  shell: Shell;
  platform: Platform;
  /** Which commands can run now: the others are shown dimmed, with when they can. */
  enabled: Readonly<Record<AppCommandId, boolean>>;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const sections = useMemo(() => shortcutSheet(props.shell, props.platform), [props.shell, props.platform]);
  const shown = filterSheet(sections, query);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="lg"
      data-testid="shortcut-sheet"
      slotProps={{ paper: { sx: { height: 'min(86vh, 900px)' } } }}
      aria-labelledby="shortcut-sheet-title"
    >
      <DialogTitle id="shortcut-sheet-title" sx={{ display: 'flex', alignItems: 'center', gap: 2, pb: 1 }}>
        <Box component="span" sx={{ flex: 'none' }}>Keyboard shortcuts</Box>
        <TextField
          size="small"
          autoFocus
          placeholder="Search commands and keys"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'shortcut-search', 'aria-label': 'Search commands and keys' } }}
          sx={{ flex: 1, maxWidth: 360 }}
        />
        <Box sx={{ flex: 1 }} />
        <IconButton aria-label="Close" onClick={props.onClose} size="small">✕</IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ columnWidth: 340, columnGap: 4, py: 1 }}>
        {shown.length === 0 && <Typography color="text.secondary" data-testid="shortcut-none">Nothing matches “{query}”.</Typography>}
        {shown.map((s) => (
          <Box key={s.title} component="section" data-section={s.title} sx={{ breakInside: 'avoid', mb: 2 }}>
            <Typography variant="overline" component="h3" sx={{ fontSize: 11, lineHeight: '22px', color: 'text.secondary', borderBottom: 1, borderColor: 'divider', mb: 0.5 }}>
              {s.title}
            </Typography>
            {s.rows.map((r) => (
              <Box
                key={`${r.label}|${r.keys.map((k) => k.text).join()}`}
                data-shortcut-row={r.label}
                data-enabled={r.command && !props.enabled[r.command] ? 'false' : undefined}
                sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: '3px', fontSize: 13, color: r.command && !props.enabled[r.command] ? 'text.secondary' : 'text.primary' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {r.label}
                  {(r.detail || r.when) && (
                    <Typography component="div" sx={{ fontSize: 11.5, color: 'text.secondary', lineHeight: 1.35 }}>
                      {[r.detail, r.when && `When: ${r.when.charAt(0).toLowerCase()}${r.when.slice(1)}`].filter(Boolean).join('. ')}
                    </Typography>
                  )}
                </Box>
                <Keys keys={r.keys} />
              </Box>
            ))}
          </Box>
        ))}
      </DialogContent>
    </Dialog>
  );
}
