import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { type HarborOutcome, importHarbor } from '../../corpus/harbor-import.js';
import { ensureImportedCorpus } from '../../corpus/import.js';
import { recordImport } from '../../corpus/import-record.js';
import { loadTask } from '../../corpus/load.js';
import { readRunnerMapping } from '../../corpus/runners.js';
import { type InstanceOutcome, importSweBench } from '../../corpus/swe-bench-import.js';
import type { CliIo } from '../command.js';
import { positiveInteger } from './options.js';

export const SWE_BENCH_USAGE =
  'corpus import swe-bench <instances.jsonl> [--repos <dir of bare clones>] [--git-url <url with {repo}>] [--runners <file>] [--corpus <dir>] [--category <id>] [--instance <id>]... [--runs <n>] [--concurrency <n>]';

/** What an import of one source became; `imported` words an imported one after its id. */
type ImportOutcome<T> = { source: string; reason: string } | ({ source: string; id: string; kept: boolean } & T);

/** One progress line of an import: `[done/total] source`, then excluded with why, kept, or what `imported` says. */
function importLine<T>(
  outcome: ImportOutcome<T>,
  done: number,
  total: number,
  imported: (outcome: { id: string } & T) => string,
): string {
  const width = String(total).length;
  const what =
    'reason' in outcome
      ? `excluded: ${outcome.reason.split('\n')[0]}`
      : outcome.kept
        ? `${outcome.id}: already in the corpus, kept`
        : imported(outcome);
  return `[${String(done).padStart(width)}/${total}] ${outcome.source} ${what}\n`;
}

function outcomeLine(outcome: InstanceOutcome, done: number, total: number): string {
  return importLine(
    outcome,
    done,
    total,
    (o) =>
      `${o.id} (${o.runner}${o.excludedTests > 0 ? `; ${o.excludedTests} tests left out, listed in its task.json` : ''})`,
  );
}

export async function importSweBenchCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      repos: { type: 'string' },
      'git-url': { type: 'string' },
      runners: { type: 'string' },
      corpus: { type: 'string', default: 'corpus-imported' },
      category: { type: 'string', default: 'imported' },
      instance: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '1' },
    },
  });
  if (positionals.length !== 1)
    throw new CrossoverError('invalid-input', `expected one instances file; usage: crossover ${SWE_BENCH_USAGE}`);
  if (values.repos === undefined && values['git-url'] === undefined)
    throw new CrossoverError(
      'invalid-input',
      `give --repos <dir of bare clones> or --git-url <url>; usage: crossover ${SWE_BENCH_USAGE}`,
    );
  const corpusDir = resolve(io.cwd, values.corpus);
  await ensureImportedCorpus(corpusDir, values.category);
  const result = await importSweBench({
    file: resolve(io.cwd, positionals[0]!),
    corpusDir,
    root: io.cwd,
    sources: {
      root: io.cwd,
      ...(values.repos === undefined ? {} : { mirrors: resolve(io.cwd, values.repos) }),
      ...(values['git-url'] === undefined ? {} : { gitUrl: values['git-url'] }),
    },
    mapping: values.runners === undefined ? null : await readRunnerMapping(resolve(io.cwd, values.runners)),
    runs: positiveInteger(values.runs, '--runs'),
    category: values.category,
    ...(values.instance === undefined ? {} : { only: values.instance }),
    concurrency: positiveInteger(values.concurrency, '--concurrency'),
    onInstance: (outcome, done, total) => io.err(outcomeLine(outcome, done, total)),
  });
  const imported = result.outcomes.flatMap((outcome) =>
    'id' in outcome ? [{ id: outcome.id, source: outcome.source, kind: 'swe-bench' as const }] : [],
  );
  const record = await recordImport(corpusDir, {
    schema: 'crossover.corpus-import/1',
    imported,
    excluded: result.excluded,
  });
  io.out(
    `${imported.length} of ${result.outcomes.length} instances imported into ${relative(io.cwd, corpusDir) || '.'}, ${result.excluded.length} excluded (reasons in ${relative(io.cwd, record)})\n`,
  );
  for (const exclusion of result.excluded) io.err(`excluded: ${exclusion.source}: ${exclusion.reason}\n`);
  return 0;
}

export const HARBOR_USAGE = 'corpus import harbor <task dir or dir of task dirs> [--corpus <dir>] [--category <id>]';

function harborLine(outcome: HarborOutcome, done: number, total: number): string {
  return importLine(
    outcome,
    done,
    total,
    (o) =>
      `${o.id}${o.native ? ' (exported by Crossover: restored as it was)' : ''}${o.notes.map((note) => `; ${note}`).join('')}`,
  );
}

export async function importHarborCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      corpus: { type: 'string', default: 'corpus-imported' },
      category: { type: 'string', default: 'imported' },
    },
  });
  if (positionals.length !== 1)
    throw new CrossoverError('invalid-input', `expected one directory; usage: crossover ${HARBOR_USAGE}`);
  const corpusDir = resolve(io.cwd, values.corpus);
  await ensureImportedCorpus(corpusDir, values.category);
  const outcomes = await importHarbor({
    dir: resolve(io.cwd, positionals[0]!),
    corpusDir,
    category: values.category,
    onTask: (outcome, done, total) => io.err(harborLine(outcome, done, total)),
  });
  // A task Crossover exported keeps its own category: the corpus gets it.
  const restored = outcomes.flatMap((outcome) => ('native' in outcome && outcome.native ? [outcome.id] : []));
  const categories = await Promise.all(
    restored.map(async (id) => (await loadTask(join(corpusDir, 'tasks', id))).task.category),
  );
  await ensureImportedCorpus(corpusDir, ...categories);
  const imported = outcomes.flatMap((outcome) =>
    'id' in outcome
      ? [
          {
            id: outcome.id,
            source: outcome.source,
            kind: 'harbor' as const,
            ...(outcome.notes.length > 0 ? { notes: outcome.notes } : {}),
          },
        ]
      : [],
  );
  const excluded = outcomes.flatMap((outcome) =>
    'reason' in outcome ? [{ source: outcome.source, kind: 'harbor' as const, reason: outcome.reason }] : [],
  );
  const record = await recordImport(corpusDir, { schema: 'crossover.corpus-import/1', imported, excluded });
  io.out(
    `${imported.length} of ${outcomes.length} Harbor tasks imported into ${relative(io.cwd, corpusDir) || '.'}, ${excluded.length} excluded (reasons in ${relative(io.cwd, record)})\n`,
  );
  return 0;
}
