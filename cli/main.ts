// The `adc` command: a thin layer over domain/ and node/.
import { parseArgs } from 'node:util';
import { runEngine } from '../node/engine-main.js';
import { runConvert } from './convert.js';
import { explainCommand } from './explain.js';
import { playCommand } from './play.js';
import { runPrint } from './print.js';
import { simulateCommand } from './simulate.js';
import { EXIT_USAGE, processIo, UsageError, type Io } from './output.js';
import { runValidate } from './validate.js';

const USAGE = `Usage:
  adc validate FILE… [--json]
  adc convert FILE --to 30|60 [--mode double|combine] -o OUT [--json]
  adc print SCENARIO -o OUT.pdf|OUT.html [--paper a4|letter]
  adc play SCENARIO [--seed N] [--red ai|random] [--blue ai|random] [--log OUT.jsonl] [--json]
  adc simulate SCENARIO --games N [--seed N] [--red ai|random] [--blue ai|random] [--workers K] [--json]
  adc explain SCENARIO (--fire UNIT [--actions 1|2] | --assault UNIT [--with UNIT,UNIT]) --target UNIT [--json]
  adc engine      (speaks the engine protocol on stdin/stdout; see docs/engine-protocol.md)

Exit codes: 0 success, 1 invalid input or failed operation, 2 usage error or unreadable file.`;

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate': {
        const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean' } } });
        return await runValidate(io, positionals, values.json === true);
      }
      case 'convert': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            to: { type: 'string' },
            mode: { type: 'string' },
            out: { type: 'string', short: 'o' },
            json: { type: 'boolean' },
          },
        });
        if (positionals.length !== 1) throw new UsageError('convert takes exactly one FILE');
        return await runConvert(io, { file: positionals[0]!, to: values.to, mode: values.mode, out: values.out, json: values.json === true });
      }
      case 'print': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { out: { type: 'string', short: 'o' }, paper: { type: 'string' } },
        });
        if (positionals.length !== 1) throw new UsageError('print takes exactly one SCENARIO');
        return await runPrint(io, { file: positionals[0]!, out: values.out, paper: values.paper });
      }
      case 'play':
        return await playCommand(io, rest);
      case 'simulate':
        return await simulateCommand(io, rest);
      case 'explain':
        return await explainCommand(io, rest);
      case 'engine': {
        // Strict parsing refuses any argument: stdout belongs to the protocol, so a typo must fail before it starts.
        parseArgs({ args: rest, allowPositionals: false, options: {} });
        return await runEngine({ input: process.stdin, output: process.stdout });
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? EXIT_USAGE : 0;
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`adc: ${(err as Error).message}\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    throw err;
  }
}
