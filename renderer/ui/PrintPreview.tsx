// The setup sheet as it will print: the same self-contained HTML that `adc print` and the desktop's Save as PDF use,
// shown in a sandboxed frame (no scripts run in it; the sheet has none), with the paper choice, the browser's own
// print dialog, and Save as PDF (written by the desktop, or made by the web server and downloaded). A report (the
// conversion report) prints through it too.
import { Alert, AppBar, Box, Button, Dialog, LinearProgress, MenuItem, TextField, Toolbar, Typography } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import type { PaperSize } from '../../domain/host-api.js';
import type { Scenario } from '../../domain/model.js';
import { renderSheet } from '../../domain/sheet/sheet.js';
import type { PdfOutcome } from './save-pdf.js';

export interface PrintPreviewProps {
  open: boolean;
  /** The scenario whose setup sheet is previewed, unless `page` is given. */
  scenario?: Scenario;
  /** Another printable page (a report) to preview instead, with its title; kept stable, as it is laid out again when it changes. */
  page?: { title: string; render(paper: PaperSize): string };
  /** The paper the dialog opens with (the user's setting). */
  paper: PaperSize;
  appVersion: string;
  /** Saves the page as a PDF; what became of it is shown in the preview. */
  onSavePdf: (html: string, paper: PaperSize) => Promise<PdfOutcome>;
  onClose: () => void;
}

type Sheet = { ok: true; html: string } | { ok: false; message: string };

export function PrintPreview(props: PrintPreviewProps) {
  const { open, scenario, page, appVersion, onSavePdf, onClose } = props;
  const [paper, setPaper] = useState<PaperSize>(props.paper);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<PdfOutcome>(null);
  const frame = useRef<HTMLIFrameElement | null>(null);

  // Each opening starts from the user's setting, not from whatever was picked last time.
  const [followed, setFollowed] = useState({ open, paper: props.paper });
  if (followed.open !== open || followed.paper !== props.paper) {
    setFollowed({ open, paper: props.paper });
    if (open) setPaper(props.paper);
    setOutcome(null);
  }

  const sheet: Sheet = useMemo(() => {
    if (!open) return { ok: true, html: '' };
    try {
      if (page) return { ok: true, html: page.render(paper) };
      if (!scenario) return { ok: false, message: 'there is nothing to print' };
      return { ok: true, html: renderSheet(scenario, { paper, appVersion }) };
    } catch (err) {
      // A document broken badly enough to defeat the layout still gets the dialog, with the reason.
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  }, [open, scenario, page, paper, appVersion]);

  const print = (): void => {
    // The frame is same-origin (allow-same-origin) and may open dialogs (allow-modals), so its own print dialog
    // prints just the sheet; "Save as PDF" there is the web shell's way to a PDF.
    frame.current?.contentWindow?.print();
  };

  const save = async (): Promise<void> => {
    if (!sheet.ok) return;
    setSaving(true);
    setOutcome(null);
    try {
      setOutcome(await onSavePdf(sheet.html, paper));
    } catch (err) {
      setOutcome({ severity: 'error', text: `The PDF could not be saved: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen data-testid="print-preview" aria-labelledby="print-preview-title">
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography id="print-preview-title" variant="h6" sx={{ flex: 1 }} noWrap>
            {page ? page.title : `Setup sheet: ${scenario?.title || 'Untitled scenario'}`}
          </Typography>
          <TextField
            select
            size="small"
            label="Paper"
            value={paper}
            onChange={(e) => setPaper(e.target.value === 'letter' ? 'letter' : 'a4')}
            sx={{ minWidth: 140 }}
            data-testid="print-paper"
          >
            <MenuItem value="a4">A4</MenuItem>
            <MenuItem value="letter">US Letter</MenuItem>
          </TextField>
          <Button variant="outlined" onClick={print} disabled={!sheet.ok} data-testid="print-print">
            Print…
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={!sheet.ok || saving} data-testid="print-save-pdf">
            {saving ? 'Making the PDF…' : 'Save as PDF'}
          </Button>
          <Button onClick={onClose} data-testid="print-close">
            Close
          </Button>
        </Toolbar>
        {saving && <LinearProgress aria-label="Making the PDF" data-testid="print-pdf-progress" />}
        {outcome && (
          // Its × is "Dismiss": the preview's own Close is the other button named Close.
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)} closeText="Dismiss" sx={{ borderRadius: 0 }} data-testid="print-pdf-outcome">
            {outcome.text}
          </Alert>
        )}
      </AppBar>
      <Box sx={{ flex: 1, minHeight: 0, bgcolor: '#8b8a85', display: 'flex' }}>
        {sheet.ok ? (
          <iframe
            ref={frame}
            title={page ? `${page.title} preview` : 'Setup sheet preview'}
            sandbox="allow-modals allow-same-origin"
            srcDoc={sheet.html}
            style={{ border: 0, flex: 1, width: '100%', height: '100%' }}
            data-testid="print-frame"
          />
        ) : (
          <Alert severity="error" sx={{ m: 3, alignSelf: 'flex-start' }}>
            The sheet could not be laid out: {sheet.message}. Fix the problems listed for this document and try again.
          </Alert>
        )}
      </Box>
    </Dialog>
  );
}
