// The Forces view's dialogs: converting 1:60 ↔ 1:30 with a preview and its report after Apply, copying an army list
// into a side, and pasting rows from a spreadsheet.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { convertDocument, type ConversionMode } from '../../domain/convert.js';
import {
  beforeAfter,
  conversionCsv,
  conversionHtml,
  conversionMarkdown,
  grouped,
  mergedWords,
  reportTitle,
  resultWords,
  type ConversionSummary,
} from '../../domain/convert-report.js';
import { walkForces } from '../../domain/forces.js';
import { parseDocument } from '../../domain/document.js';
import type { DocumentRef, HostApi, HostInfo, PaperSize } from '../../domain/host-api.js';
import type { AdcDocument, ArmyList, RuleSystem, Scenario } from '../../domain/model.js';
import { isScenario } from '../../domain/model.js';
import { copyArmyIntoSide, hasListedZone, type CopyMode, type CopyResult } from './army-files.js';
import { previewConversion, type ConversionRecord } from './convert-preview.js';
import { download, fileSlug } from '../play/files.js';
import type { Change } from '../state/history.js';
import { loadSettings } from '../state/settings.js';
import { PrintPreview } from '../ui/PrintPreview.js';
import { savePdf } from '../ui/save-pdf.js';
import { rowsToUnits, type PasteResult } from './paste.js';

/** A conversion's rows: one per unit the list ends with, greyed where a unit keeps its figures. */
function ConversionTable(props: { summary: ConversionSummary; testId: string }) {
  const { rows } = props.summary;
  const combine = rows.some((r) => r.mergedFrom);
  return (
    <Table size="small" stickyHeader data-testid={props.testId}>
      <TableHead>
        <TableRow>
          <TableCell>Unit</TableCell>
          <TableCell>Result</TableCell>
          <TableCell align="right">Figures</TableCell>
          <TableCell align="right">Models</TableCell>
          <TableCell align="right">Men</TableCell>
          <TableCell align="right">Guns</TableCell>
          <TableCell align="right">Frontage</TableCell>
          {combine && <TableCell>Combined from</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow
            key={`${r.id}-${i}`}
            data-preview-id={r.id}
            data-result={r.result}
            data-units={r.units}
            sx={r.result === 'kept' ? { '& td': { color: 'text.secondary' } } : undefined}
          >
            <TableCell>{r.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} title={r.why ? `Kept: ${r.why}` : undefined}>{resultWords(r)}</TableCell>
            <TableCell align="right" data-field="figures" sx={{ whiteSpace: 'nowrap' }}>{beforeAfter(r.figures)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{beforeAfter(r.models)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{beforeAfter(r.men, grouped)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{r.guns === undefined ? '' : r.howitzers ? `${r.guns} + ${r.howitzers} how.` : r.guns}</TableCell>
            <TableCell align="right">{r.frontage === null ? '' : `${r.frontage}″`}</TableCell>
            {combine && <TableCell>{mergedWords(r)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The count line, the men totals, a sentence per unit whose men and figures part company, and the warnings. */
function ConversionFacts(props: { summary: ConversionSummary; listHeight: number }) {
  const s = props.summary;
  const notes = s.rows.filter((r) => r.why || r.menNote);
  return (
    <>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="convert-count">{s.countLine}</Typography>
      {s.menLine && <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="convert-men">{s.menLine}</Typography>}
      {notes.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: props.listHeight, overflow: 'auto', typography: 'body2' }} data-testid="convert-notes">
          {notes.map((r, i) => (
            <li key={`${r.id}-${i}`} data-note-id={r.id}>
              <b>{r.name}</b>: {r.why ? `kept: ${r.why}` : r.menNote}.
            </li>
          ))}
        </Box>
      )}
      {s.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="convert-warnings">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{s.warnings.length} warning{s.warnings.length === 1 ? '' : 's'}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: props.listHeight, overflow: 'auto' }}>
            {s.warnings.map((w, i) => (
              <li key={i}>{w.message}</li>
            ))}
          </Box>
        </Alert>
      )}
    </>
  );
}

export function ConvertDialog(props: { doc: AdcDocument; onApply: (changes: Change[], label: string, summary: ConversionSummary) => void; onClose: () => void }) {
  const [mode, setMode] = useState<ConversionMode>('double');
  const preview = useMemo(() => previewConversion(props.doc, mode), [props.doc, mode]);
  const from = props.doc.scale?.figureRatio;
  const to = preview.ok ? preview.to : from === 30 ? 60 : 30;
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" data-testid="convert-dialog">
      <DialogTitle>Convert 1:{from ?? '?'} → 1:{to}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1.5 }}>
          <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_e, v: ConversionMode | null) => v && setMode(v)} aria-label="Conversion mode">
            <ToggleButton value="double" data-testid="mode-double">{to === 30 ? 'Double' : 'Halve'} figures</ToggleButton>
            <ToggleButton value="combine" data-testid="mode-combine" disabled={to !== 30}>Combine pairs</ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary">
            {mode === 'double'
              ? `Every battalion and regiment keeps its place; figures are ${to === 30 ? 'doubled' : 'halved'}, or computed from the men where given.`
              : 'Pairs of like units in one formation become one unit; an unpaired unit is doubled.'}{' '}
            Guns never change; models are recomputed.
          </Typography>
        </Box>
        {!preview.ok ? (
          <Alert severity="error" data-testid="convert-error">
            {preview.message}
            {preview.hint ? ` ${preview.hint}` : ''}
          </Alert>
        ) : (
          <>
            <Box sx={{ maxHeight: 300, overflow: 'auto', border: 1, borderColor: 'divider' }}>
              <ConversionTable summary={preview.summary} testId="convert-preview" />
            </Box>
            <ConversionFacts summary={preview.summary} listHeight={130} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!preview.ok}
          data-testid="convert-apply"
          onClick={() => preview.ok && props.onApply(preview.changes, `Convert to 1:${preview.to} (${mode})`, preview.summary)}
        >
          Apply conversion
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the report needs of the host: Save as PDF where the shell can write one. */
export type ReportHost = Pick<HostApi, 'info' | 'print' | 'makePdf'>;

/**
 * The last conversion's report, after Apply: the same rows and sentences as the preview, saved as Markdown or CSV
 * (as a download, which the desktop turns into its save dialog, as for game logs and balance reports), or printed
 * through the setup sheet's print preview.
 */
export function ConversionReportDialog(props: {
  record: ConversionRecord;
  host: ReportHost;
  onMessage: (text: string, severity?: 'success' | 'info' | 'error') => void;
  onClose: () => void;
}) {
  const { record, host, onMessage } = props;
  const s = record.summary;
  const [printing, setPrinting] = useState(false);
  const [shell, setShell] = useState<HostInfo['shell'] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    host.info().then((i) => live && setShell(i.shell), () => undefined);
    return () => {
      live = false;
    };
  }, [host]);
  const meta = useMemo(() => ({ title: record.title, appliedAt: record.appliedAt }), [record]);
  const page = useMemo(() => ({ title: `${reportTitle(s)}: ${record.title}`, render: (paper: PaperSize) => conversionHtml(s, meta, paper) }), [s, meta, record.title]);
  const base = `${fileSlug(record.title || 'army-list')}-1to${s.to}-conversion`;
  return (
    <>
      <Dialog open={!printing} onClose={props.onClose} fullWidth maxWidth="lg" data-testid="conversion-report-dialog">
        <DialogTitle sx={{ pb: 0.5 }}>{reportTitle(s)}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {record.title}, applied {record.appliedAt}. Undo takes the conversion back; this report stays until the next
            conversion or until the document is closed.
          </Typography>
          <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider' }}>
            <ConversionTable summary={s} testId="conversion-report-table" />
          </Box>
          <ConversionFacts summary={s} listHeight={140} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => { download(`${base}.md`, conversionMarkdown(s, meta), 'text/markdown;charset=utf-8'); onMessage(`Saved the report as ${base}.md`, 'success'); }} data-testid="report-save-md">
            Save as Markdown
          </Button>
          <Button onClick={() => { download(`${base}.csv`, conversionCsv(s), 'text/csv;charset=utf-8'); onMessage(`Saved the report as ${base}.csv`, 'success'); }} data-testid="report-save-csv">
            Save as CSV
          </Button>
          <Button onClick={() => setPrinting(true)} data-testid="report-print">Print…</Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" onClick={props.onClose} data-testid="report-close">Close</Button>
        </DialogActions>
      </Dialog>
      {printing && (
        <PrintPreview
          open
          page={page}
          paper={loadSettings().paper}
          appVersion=""
          onSavePdf={(html, paper) => savePdf(host, shell, html, paper, `${base}.pdf`)}
          onClose={() => setPrinting(false)}
        />
      )}
    </>
  );
}

export type LibraryHost = Pick<HostApi, 'listLibrary' | 'openDocument'>;

export function CopyListDialog(props: { doc: Scenario; host: LibraryHost; initialSide: number; onCopy: (result: CopyResult, list: ArmyList, side: number) => void; onClose: () => void }) {
  const [lists, setLists] = useState<DocumentRef[] | null>(null);
  const [pick, setPick] = useState<{ ref: DocumentRef; list?: ArmyList; error?: string } | null>(null);
  const [side, setSide] = useState(props.initialSide);
  const sideArmyEmpty = (i: number) => {
    const a = props.doc.sides[i]?.army;
    return !a || ((a.units?.length ?? 0) === 0 && (a.formations?.length ?? 0) === 0 && !a.leader);
  };
  const [mode, setMode] = useState<CopyMode>(sideArmyEmpty(props.initialSide) ? 'replace' : 'add');
  const [convert, setConvert] = useState(true);
  const [deploy, setDeploy] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    props.host
      .listLibrary()
      .then((lib) => {
        if (!live) return;
        const seen = new Set<string>();
        const all = [...lib.workspace, ...lib.recent, ...lib.samples].filter((r) => r.kind === 'army' && !seen.has(r.path) && (seen.add(r.path), true));
        setLists(all);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [props.host]);

  // The list is read as soon as it is picked, so the dialog can say what copying it involves.
  const choose = async (ref: DocumentRef) => {
    setPick({ ref });
    const r = await props.host.openDocument(ref.path).catch((e: Error) => ({ ok: false as const, message: e.message }));
    let result: { ref: DocumentRef; list?: ArmyList; error?: string };
    if (!r.ok) result = { ref, error: r.message };
    else {
      const parsed = parseDocument(r.text);
      if (!parsed.ok) result = { ref, error: `${ref.name} could not be read: ${parsed.problems[0]?.message ?? 'unknown problem'}` };
      else if (isScenario(parsed.document)) result = { ref, error: `${ref.name} is a scenario, not an army list.` };
      else result = { ref, list: parsed.document };
    }
    setPick((p) => (p?.ref.path === ref.path ? result : p));
  };

  const list = pick?.list;
  const from = list?.scale?.figureRatio;
  const to = props.doc.scale?.figureRatio;
  const target = to === 30 || to === 60 ? to : undefined;
  const convertible = props.doc.ruleSystem === 'napoleons-eagles' && (from === 30 || from === 60) && target !== undefined && from !== target;
  const zone = hasListedZone(props.doc, side);

  const copy = () => {
    if (!list) return;
    let source = list;
    let converted: string | null = null;
    if (convertible && convert && target !== undefined) {
      const c = convertDocument(list, target, 'double');
      if (c.ok && !isScenario(c.document)) {
        source = c.document;
        converted = `Converted from 1:${from} to 1:${to} on the way (${c.report.warnings.length} warning${c.report.warnings.length === 1 ? '' : 's'}: figures follow the men where given).`;
      }
    }
    const result = copyArmyIntoSide(props.doc, side, source, mode, { deploy: zone && deploy });
    props.onCopy(converted ? { ...result, notes: [converted, ...result.notes] } : result, list, side);
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" data-testid="copy-list-dialog">
      <DialogTitle>Copy army list into side</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          The list's formations, leaders and units are copied into the scenario. Ids that are already used here get a
          new one, so every id stays unique.
        </DialogContentText>
        <Typography variant="subtitle2">Army list</Typography>
        <Box sx={{ border: 1, borderColor: 'divider', maxHeight: 200, overflow: 'auto', mb: 1 }}>
          {lists === null ? (
            <Typography sx={{ p: 1.5 }} color="text.secondary">Loading the library…</Typography>
          ) : lists.length === 0 ? (
            <Typography sx={{ p: 1.5 }} color="text.secondary">No army lists in the workspace or the samples.</Typography>
          ) : (
            <List dense disablePadding>
              {lists.map((r) => (
                <ListItemButton key={r.path} selected={pick?.ref.path === r.path} onClick={() => void choose(r)} data-list-path={r.path}>
                  <ListItemText primary={r.title ?? r.name} secondary={`${r.name}${r.source === 'sample' ? ' · sample' : ''}`} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
        {list && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="copy-list-info">
            {list.name}: {indexUnits(list)} units{list.ruleSystem ? `, rated for ${list.ruleSystem}` : ''}{from ? `, at 1:${from}` : ''}.
            {list.ruleSystem && list.ruleSystem !== props.doc.ruleSystem ? ` This scenario plays ${props.doc.ruleSystem}; its ratings will need adding.` : ''}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 4 }}>
          <Box>
            <Typography variant="subtitle2">Into side</Typography>
            <RadioGroup
              value={String(side)}
              onChange={(e) => {
                const i = Number(e.target.value);
                setSide(i);
                setMode(sideArmyEmpty(i) ? 'replace' : 'add');
              }}
            >
              {props.doc.sides.map((s, i) => (
                <FormControlLabel key={s.id} value={String(i)} control={<Radio size="small" />} label={s.name || s.id} data-testid={`copy-side-${i}`} />
              ))}
            </RadioGroup>
          </Box>
          <Box>
            <Typography variant="subtitle2">How</Typography>
            <RadioGroup value={mode} onChange={(e) => { const v = e.target.value; if (v === 'replace' || v === 'add') setMode(v); }}>
              <FormControlLabel value="replace" control={<Radio size="small" />} label="Replace the side's army" data-testid="copy-replace" />
              <FormControlLabel value="add" control={<Radio size="small" />} label="Add it as a formation of the side's army" data-testid="copy-add" />
            </RadioGroup>
          </Box>
        </Box>
        {convertible && (
          <FormControlLabel
            control={<Checkbox size="small" checked={convert} onChange={(e) => setConvert(e.target.checked)} />}
            label={`Convert the list from 1:${from} to the scenario's 1:${to} (${to! < from ? 'double' : 'halve'} figures)`}
            data-testid="copy-convert"
          />
        )}
        {zone && (
          <FormControlLabel
            control={<Checkbox size="small" checked={deploy} onChange={(e) => setDeploy(e.target.checked)} />}
            label="List the copied units in the side's deployment zone"
            data-testid="copy-deploy"
          />
        )}
        {(error ?? pick?.error) && <Alert severity="error" sx={{ mt: 1 }}>{error ?? pick?.error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={!list} onClick={copy} data-testid="copy-list-confirm">
          Copy
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const indexUnits = (list: ArmyList): number => {
  let n = 0;
  for (const node of walkForces(list.army, '')) if (node.kind === 'unit') n++;
  return n;
};

export function PasteDialog(props: { system: RuleSystem | undefined; target: string; taken: Set<string>; onAdd: (result: PasteResult) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const result = useMemo(() => (text.trim() ? rowsToUnits(text, props.system, new Set(props.taken)) : null), [text, props.system, props.taken]);
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" data-testid="paste-dialog">
      <DialogTitle>Paste rows from a spreadsheet</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Copy the rows in your spreadsheet, with the header row, and paste them here. Columns are matched by their
          header: Name (or Unit), Arm, Type, Men, Rating, Figures (or Figs), Ranks, Guns, Howitzers, Calibre, SP,
          Traits, Class, Stands, VP. The units are added to {props.target}.
        </DialogContentText>
        <TextField
          autoFocus
          multiline
          minRows={8}
          maxRows={14}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'Name\tArm\tType\tRating\tFigures\tVP\n1/4e Ligne\tinfantry\tline\tB16C30\t12\t20'}
          slotProps={{ htmlInput: { 'data-testid': 'paste-text', style: { fontFamily: 'monospace', fontSize: 12 } } }}
          onKeyDown={(e) => {
            // A tab typed here belongs to the data, not to focus navigation.
            const el = e.target;
            if (e.key === 'Tab' && el instanceof HTMLTextAreaElement) {
              e.preventDefault();
              const { selectionStart: s, selectionEnd: en } = el;
              setText(text.slice(0, s) + '\t' + text.slice(en));
              requestAnimationFrame(() => el.setSelectionRange(s + 1, s + 1));
            }
          }}
        />
        {result && (
          <Box sx={{ mt: 1.5 }} data-testid="paste-preview">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {result.units.length} row{result.units.length === 1 ? '' : 's'} to add.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
              {result.mapped.map((m) => (
                <Chip key={m.header} size="small" color="primary" variant="outlined" label={`${m.header} → ${m.column.label}`} />
              ))}
              {result.unmapped.map((h) => (
                <Chip key={h} size="small" label={`${h}: not mapped`} sx={{ textDecoration: 'line-through' }} />
              ))}
            </Box>
            {result.notes.map((n) => (
              <Typography key={n} variant="caption" component="div" color="text.secondary">{n}</Typography>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={!result || result.units.length === 0} onClick={() => result && props.onAdd(result)} data-testid="paste-confirm">
          Add {result?.units.length ?? 0} units
        </Button>
      </DialogActions>
    </Dialog>
  );
}
