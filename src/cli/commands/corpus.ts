import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import type { CorpusVerification, Qualification, TreeSize } from '../../contracts/qualification.js';
import { loadCorpus } from '../../corpus/load.js';
import { qualifyCorpus } from '../../corpus/qualify.js';
import { recordVerification } from '../../corpus/verification-record.js';
import type { CliIo, Command } from '../command.js';

const USAGE = 'corpus verify [--corpus <dir>] [--task <id>]... [--json]';

function size(value: TreeSize): string {
  return `${value.files} files, ${value.lines} lines`;
}

/** Columns padded to their widest cell; the reasons column is last and left unpadded. */
function table(tasks: readonly Qualification[]): string {
  const header = ['id', 'category', 'surface', 'qualified', 'reference change', 'tree size', 'reasons'];
  const rows = tasks.map((q) => [
    q.id,
    q.category,
    q.surface,
    q.qualified ? 'yes' : 'no',
    size(q.referenceChange),
    size(q.tree),
    q.reasons.join('; ') || '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function report(verification: CorpusVerification, json: boolean, io: CliIo): number {
  if (json) io.out(`${JSON.stringify(verification, null, 2)}\n`);
  else io.out(`${table(verification.tasks)}\n\n${verification.qualified} of ${verification.total} tasks qualified\n`);
  const unqualified = verification.tasks.filter((q) => !q.qualified);
  for (const q of unqualified) io.err(`unqualified: ${q.id}: ${q.reasons.join('; ')}\n`);
  for (const r of verification.refused) io.err(`refused: ${r.id}: ${r.reason}\n`);
  return unqualified.length === 0 && verification.refused.length === 0 ? 0 : 1;
}

async function verify(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      corpus: { type: 'string' },
      task: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0)
    throw new CrossoverError('invalid-input', `unexpected argument "${positionals[0]}"; usage: crossover ${USAGE}`);
  const corpus = await loadCorpus(resolve(io.cwd, values.corpus ?? 'corpus'));
  const verification = await qualifyCorpus(corpus, {
    root: io.cwd,
    ...(values.task === undefined ? {} : { taskIds: values.task }),
  });
  const record = await recordVerification(io.cwd, verification, corpus.dir);
  const code = report(verification, values.json, io);
  // --json keeps stdout one JSON document.
  (values.json ? io.err : io.out)(`verification record: ${relative(io.cwd, record)}\n`);
  return code;
}

export const corpusCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'verify')
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: verify${sub ? `; got "${sub}"` : ''}; usage: crossover ${USAGE}`,
      );
    return verify(rest, io);
  },
};
