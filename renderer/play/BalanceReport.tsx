// The Balance report tab: N seeded AI-against-AI games, played by the host over a worker process per core
// (node/host-simulation.ts), with progress, rate, time left and cancel, then the verdict, charts and tables of
// report.ts. A cancelled batch shows nothing: its first games are a fair sample, but a verdict on part of what was
// asked for would read as the whole. The report can be kept as JSON, printed as a page of its own, or saved as a PDF
// on the paper of the user's settings.
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useContext, useEffect, useRef, useState } from 'react';
import type { PaperSize } from '../../domain/host-api.js';
import type { Scenario } from '../../domain/model.js';
import { loadSettings } from '../state/settings.js';
import { pdfName, type PdfOutcome } from '../ui/save-pdf.js';
import { EngineError, type EngineClient, type EngineMessage, type Loaded } from './engine-client.js';
import { addSample, doneOf, progressWords, startProgress, type BatchProgress } from './batch-progress.js';
import { download } from './files.js';
import { PlayProgressContext } from './play-progress.js';
import { sideColours, type SideKey, type SideOrder } from './play-view.js';
import { describeCondition, endTurnsSvg, keyedRows, lossRows, lossText, pct, ratesSvg, reportHtml, verdict, vpHistogramSvg, type Simulation } from './report.js';

/** A saved report's file name: "Hold the Bridge" makes hold-the-bridge-balance.json, as pdfName makes the PDF's. */
export const reportFileName = (title: string, ext: 'json' | 'pdf'): string => pdfName(title, 'balance').replace(/\.pdf$/, `.${ext}`);

/** The default: enough games for an interval of about ±3 points. */
export const DEFAULT_GAMES = 1000;


/** Prints a page in a frame of its own, so the app's own page is not what prints. */
function printPage(html: string): void {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  frame.setAttribute('data-testid', 'balance-print-frame');
  frame.srcdoc = html;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    // Left in place for a minute: some browsers print asynchronously from the frame.
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.append(frame);
}

export function BalanceReport({
  getClient,
  scenario,
  sideName,
  order,
  onError,
  onSavePdf,
}: {
  getClient: () => EngineClient;
  scenario: Scenario;
  sideName: (k: SideKey) => string;
  /** Which scenario side the engine calls red (play-view.ts SideOrder). */
  order: SideOrder;
  onError: (e: unknown) => void;
  onSavePdf: (html: string, paper: PaperSize, fileName: string) => Promise<PdfOutcome>;
}) {
  const [games, setGames] = useState(String(DEFAULT_GAMES));
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const [sim, setSim] = useState<Simulation | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [pdf, setPdf] = useState<'making' | null>(null);
  /** What the last save did: one banner for any save, so it never speaks of an earlier one. */
  const [saved, setSaved] = useState<{ what: 'pdf' | 'json'; outcome: NonNullable<PdfOutcome> } | null>(null);
  const clientRef = useRef<EngineClient | null>(null);
  // The dialog asks before a close would stop a batch part played.
  const playProgress = useContext(PlayProgressContext);
  const batchOn = running !== null;
  useEffect(() => playProgress?.report(batchOn), [playProgress, batchOn]);
  useEffect(() => () => playProgress?.report(false), [playProgress]);

  const run = async () => {
    setSim(null);
    setNote(null);
    setPdf(null);
    setSaved(null);
    // Cleared first: a run that is cancelled must not leave the last run's report on show as if it were its own.
    const total = Math.min(1_000_000, Number(games));
    setProgress(startProgress(total, performance.now()));
    setCancelling(false);
    // Running from the first click, so a second one cannot start a second batch while the engine starts.
    setRunning('');
    /** The batch's request id once the engine has it, to cancel it if the page loses touch. */
    let jobId = '';
    try {
      const c = getClient();
      clientRef.current = c;
      if (!c.running) await c.start();
      const loaded = await c.request<Loaded>('load', { scenario });
      const job = c.begin<EngineMessage & Simulation>('simulate', { scenario: loaded.scenario, games: total, seed: 1 }, (done) => {
        const at = performance.now();
        setProgress((p) => (p ? addSample(p, at, done) : p));
      });
      setRunning(job.id);
      jobId = job.id;
      // The reply does not say which rule system played: the loss table's words need it.
      const reply = await job.reply;
      setSim({
        ...reply,
        ...(reply.decidedBy ? { decidedBy: keyedRows(reply.decidedBy, scenario, loaded.sides) } : {}),
        system: scenario.ruleSystem as Simulation['system'],
      });
    } catch (e) {
      if (e instanceof EngineError && e.code === 'cancelled') setNote(`${e.message} A batch cut short is not reported; run it again, or with fewer games, for a report.`);
      else {
        // A batch this page can no longer hear from (the connection dropped, or the engine fell silent) is
        // cancelled, so the engine does not keep playing games nobody will read.
        if (jobId && e instanceof EngineError && (e.code === 'connection-lost' || e.code === 'timeout')) {
          void clientRef.current?.request('cancel', { request: jobId }).catch(() => undefined);
        }
        onError(e);
      }
    } finally {
      setRunning(null);
      setProgress(null);
      setCancelling(false);
    }
  };

  const cancel = () => {
    // Until the engine has the job there is nothing to cancel (running is '').
    if (!running) return;
    setCancelling(true);
    void clientRef.current?.request('cancel', { request: running }).catch(() => undefined);
  };

  const rows = sim ? lossRows(sim) : [];
  const colours = sideColours(scenario, order);
  const objectiveName = (id: string) => scenario.objectives?.find((o) => o.id === id)?.name ?? id;

  const savePdf = async (s: Simulation) => {
    setPdf('making');
    setSaved(null);
    // Read when asked, so a paper changed in the settings since the dialog opened is the one used.
    const paper = loadSettings().paper;
    let outcome: PdfOutcome;
    try {
      outcome = await onSavePdf(reportHtml(s, scenario.title, sideName, colours, objectiveName, paper), paper, reportFileName(scenario.title, 'pdf'));
    } catch (e) {
      outcome = { severity: 'error', text: `The PDF could not be saved: ${e instanceof Error ? e.message : String(e)}` };
    }
    setPdf(null);
    setSaved(outcome ? { what: 'pdf', outcome } : null);
  };
  const saveJson = (s: Simulation) => {
    // Named as the PDF is (and as docs/architecture.md names saved pages): the title's slug, a hyphen, what it is.
    const name = reportFileName(scenario.title, 'json');
    download(name, `${JSON.stringify(s, null, 2)}\n`);
    setSaved({ what: 'json', outcome: { severity: 'success', text: `Saved the report's figures as ${name} in your downloads.` } });
  };
  return (
    <Box sx={{ p: 3, overflow: 'auto', flex: 1 }} data-testid="balance">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label="Games"
          value={games}
          onChange={(e) => setGames(e.target.value.replace(/\D/g, '').slice(0, 7))}
          helperText={Number(games) > 1_000_000 ? 'At most 1,000,000' : ' '}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && running === null && Number(games) >= 1) void run();
          }}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'balance-games' } }}
        />
        <Button variant="contained" onClick={() => void run()} disabled={running !== null || !(Number(games) >= 1)} data-testid="balance-run">Run</Button>
        <Button onClick={cancel} disabled={!running || cancelling} data-testid="balance-cancel">{cancelling ? 'Stopping…' : 'Cancel'}</Button>
        <Typography variant="body2" color="text.secondary">AI against AI, seeds counting up from 1.</Typography>
        <Box sx={{ flex: 1 }} />
        <Button disabled={!sim} onClick={() => sim && saveJson(sim)} data-testid="balance-save">
          Save as JSON
        </Button>
        <Button disabled={!sim} onClick={() => sim && (setSaved(null), printPage(reportHtml(sim, scenario.title, sideName, colours, objectiveName, loadSettings().paper)))} data-testid="balance-print">
          Print…
        </Button>
        <Button disabled={!sim || pdf === 'making'} onClick={() => sim && void savePdf(sim)} data-testid="balance-save-pdf">
          {pdf === 'making' ? 'Making the PDF…' : 'Save as PDF'}
        </Button>
      </Stack>
      {pdf === 'making' && (
        <Box sx={{ mb: 2, maxWidth: 760 }}>
          <LinearProgress aria-label="Making the PDF" data-testid="balance-pdf-progress" />
        </Box>
      )}
      {saved && (
        <Alert severity={saved.outcome.severity} onClose={() => setSaved(null)} sx={{ mb: 2, maxWidth: 760 }} data-testid={saved.what === 'pdf' ? 'balance-pdf-outcome' : 'balance-json-outcome'}>
          {saved.outcome.text}
        </Alert>
      )}
      {progress && (
        <Box sx={{ mb: 2, maxWidth: 760 }} data-testid="balance-progress">
          {/* No easing between counts: MUI's bar glides for 0.4 s after each one, and with a count every 150 ms it never
              stops, so the page painted without rest through the batch and its compositor took CPU the workers need. */}
          <LinearProgress variant="determinate" value={(100 * doneOf(progress)) / progress.total} sx={{ '& .MuiLinearProgress-bar': { transition: 'none' } }} />
          <Typography variant="caption">{progressWords(progress)}</Typography>
        </Box>
      )}
      {note && <Alert severity="info" sx={{ mb: 2, maxWidth: 760 }} data-testid="balance-note">{note}</Alert>}
      {sim && (
        <Box data-testid="balance-result" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(560px, 1fr))', gap: 3, alignItems: 'start' }}>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography variant="h6" data-testid="balance-verdict">{verdict(sim, sideName)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {sim.games} games · mean length {sim.meanTurns.toFixed(1)} turns · mean VP {sideName('red')} {sim.meanVp.red.toFixed(1)}, {sideName('blue')} {sim.meanVp.blue.toFixed(1)}
              {sim.seconds !== undefined ? ` · ${sim.seconds.toFixed(1)} s` : ''}
            </Typography>
          </Box>
          <Chart title="Results, with 95% intervals" svg={ratesSvg(sim, sideName, colours)} testId="balance-rates" />
          {sim.vpHistogram && <Chart title="VP distribution" svg={vpHistogramSvg(sim, sideName, colours)} testId="balance-vp" />}
          {sim.endTurns && <Chart title="When games ended" svg={endTurnsSvg(sim, colours)} testId="balance-turns" />}
          {sim.decidedBy && (
            <Box data-testid="balance-decided">
              <Typography variant="subtitle2">What decided the games</Typography>
              <Box component="table" sx={tableSx}>
                <tbody>
                  {sim.decidedBy.map((d) => (
                    <tr key={d.condition}>
                      <td title={d.condition}>{describeCondition(d, sideName, objectiveName)}</td>
                      <td className="n">{d.games}</td>
                      <td className="n">{sim.games ? pct(d.games / sim.games) : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          )}
          {rows.length > 0 && (
            <Box data-testid="balance-losses">
              <Typography variant="subtitle2">Mean losses per game, by arm</Typography>
              <Box component="table" sx={tableSx}>
                <thead>
                  <tr>
                    <th>Arm</th>
                    <th>{sideName('red')}</th>
                    <th>{sideName('blue')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.arm}>
                      <td>{r.arm}</td>
                      <td>{lossText(sim, r.red)}</td>
                      <td>{lossText(sim, r.blue)}</td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

const tableSx = { borderCollapse: 'collapse', fontSize: 13, '& td, & th': { borderBottom: '1px solid #ddd', px: 1, py: 0.5, textAlign: 'left' }, '& .n': { textAlign: 'right' } } as const;

/** A chart built by report.ts: the same SVG the printed report carries, its text already escaped there. */
function Chart({ title, svg, testId }: { title: string; svg: string; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box sx={{ '& svg': { maxWidth: '100%', height: 'auto' } }} dangerouslySetInnerHTML={{ __html: svg }} />
    </Box>
  );
}
