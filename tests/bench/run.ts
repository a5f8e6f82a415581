// `npm run bench`: prints how long validation takes on generated documents, how fast the rules engines play on one
// worker and on two (engine.ts, workers.ts), and how long map frames take to draw. Figures, not pass/fail.
// `node dist/tests/bench/run.js frames start` runs only the parts named (validation, cli, engine, frames, app).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseDocument, serializeDocument } from '../../domain/document.js';
import type { AdcDocument } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { benchEngine } from './engine.js';
import { benchApp } from './app.js';
import { benchFrames } from './frames.js';
import { generateArmyList, generateScenario } from './generate.js';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeValidate(label: string, doc: AdcDocument, runs = 9): void {
  const text = serializeDocument(doc);
  const times: number[] = [];
  let problems = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = parseDocument(text);
    if (!r.ok) throw new Error('generated document did not load');
    problems = validateDocument(r.document).length;
    times.push(performance.now() - t0);
  }
  const kb = (Buffer.byteLength(text) / 1024).toFixed(0);
  console.log(`${label.padEnd(44)} ${kb.padStart(6)} KB  median ${median(times).toFixed(1).padStart(7)} ms  min ${Math.min(...times).toFixed(1).padStart(7)} ms  (${problems} problems)`);
}

function timeCli(label: string, file: string, runs = 5): number {
  const bin = path.resolve(import.meta.dirname, '../../../bin/adc.js');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    try {
      execFileSync(process.execPath, [bin, 'validate', file, '--json'], { stdio: 'ignore' });
    } catch {
      /* exit 1 is fine: warnings and errors still cost the same */
    }
    times.push(performance.now() - t0);
  }
  const m = median(times);
  console.log(`${label.padEnd(44)} median ${m.toFixed(0).padStart(5)} ms`);
  return m;
}

const PARTS = ['validation', 'cli', 'engine', 'frames', 'app'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown part${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: the bench has ${PARTS.join(', ')}.`);
  process.exit(2);
}
const wanted = (part: (typeof PARTS)[number]): boolean => asked.length === 0 || asked.includes(part);

if (wanted('validation')) {
  console.log('Validation in process (parse + schema + semantic checks; the schemas are precompiled)');
  const t0 = performance.now();
  validateDocument(generateArmyList(1));
  console.log(`${'first validation (warm-up)'.padEnd(44)} ${(performance.now() - t0).toFixed(1)} ms`);
  timeValidate('army list, 2,000 units', generateArmyList(2000));
  timeValidate('army list, 10,000 units', generateArmyList(10000), 5);
  timeValidate('scenario, 300 features, 300 units', generateScenario(300, 300));
  timeValidate('scenario, 1,500 features, 2,000 units', generateScenario(1500, 2000), 5);
}

if (wanted('cli')) {
  console.log('\nadc validate as a command (node start-up included)');
  const dir = mkdtempSync(path.join(tmpdir(), 'adc-bench-'));
  const small = path.join(dir, 'small.army.json');
  const large = path.join(dir, 'large.army.json');
  writeFileSync(small, serializeDocument(generateArmyList(10)));
  writeFileSync(large, serializeDocument(generateArmyList(2000)));
  const a = timeCli('adc validate, 10 units', small);
  const b = timeCli('adc validate, 2,000 units', large);
  console.log(`${'cost of the 1,990 extra units'.padEnd(44)} ${(b - a).toFixed(0).padStart(5)} ms`);
  rmSync(dir, { recursive: true, force: true });
}

if (wanted('engine')) {
  console.log('\nRules engine');
  await benchEngine();
}

if (wanted('frames')) {
  console.log('\nMap drawing in headless Chromium');
  await benchFrames();
}

if (wanted('app')) {
  console.log('\nThe app in headless Chromium: start-up, validation on edit, the balance report');
  await benchApp();
}
