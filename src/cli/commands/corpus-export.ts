import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { exportHarbor } from '../../corpus/harbor-export.js';
import { loadCorpus } from '../../corpus/load.js';
import type { CliIo } from '../command.js';

export const EXPORT_USAGE = 'corpus export harbor --out <dir> [--corpus <dir>] [--task <id>]...';

export async function exportHarborCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      corpus: { type: 'string', default: 'corpus' },
      task: { type: 'string', multiple: true },
    },
  });
  if (positionals.length > 0 || values.out === undefined)
    throw new CrossoverError('invalid-input', `expected --out <dir>; usage: crossover ${EXPORT_USAGE}`);
  const corpus = await loadCorpus(resolve(io.cwd, values.corpus));
  const out = resolve(io.cwd, values.out);
  const outcomes = await exportHarbor(corpus, out, values.task);
  const written = outcomes.filter((outcome) => 'dir' in outcome);
  for (const outcome of outcomes) if ('reason' in outcome) io.err(`not exported: ${outcome.id}: ${outcome.reason}\n`);
  io.out(
    `${written.length} of ${outcomes.length} tasks written as Harbor tasks into ${relative(io.cwd, out) || '.'}\n`,
  );
  return 0;
}
