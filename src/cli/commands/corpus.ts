import { CrossoverError } from '../../contracts/errors.js';
import type { CliIo, Command } from '../command.js';
import { EXPORT_USAGE, exportHarborCommand } from './corpus-export.js';
import { HARBOR_USAGE, importHarborCommand, importSweBenchCommand, SWE_BENCH_USAGE } from './corpus-import.js';
import { VERIFY_USAGE, verify } from './corpus-verify.js';

const USAGE = [VERIFY_USAGE, SWE_BENCH_USAGE, HARBOR_USAGE, EXPORT_USAGE].join('\n       crossover ');

/** Two-word sub-commands: `import <format>`, `export <format>`. */
const SUBCOMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  'import swe-bench': importSweBenchCommand,
  'import harbor': importHarborCommand,
  'export harbor': exportHarborCommand,
};

export const corpusCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const [sub, format, ...rest] = argv;
    const two = `${sub} ${format}`;
    if (sub === 'verify') return verify(argv.slice(1), io);
    const run = SUBCOMMANDS[two];
    if (run === undefined)
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: verify, import swe-bench, import harbor, export harbor${sub ? `; got "${[sub, format].filter(Boolean).join(' ')}"` : ''}; usage: crossover ${USAGE}`,
      );
    return run(rest, io);
  },
};
