import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import {
  type CorpusVerification,
  CorpusVerificationSchema,
  type Qualification,
  type TreeSize,
} from '../../contracts/qualification.js';
import { type LoadedCorpus, loadCorpus } from '../../corpus/load.js';
import { qualifyCorpus } from '../../corpus/qualify.js';
import { corpusPathOf, recordVerification, verificationRecordFile } from '../../corpus/verification-record.js';
import { readArtifact } from '../../io/json.js';
import { formatDuration, timeLeft } from '../../reporters/progress.js';
import type { CliIo } from '../command.js';
import { positiveInteger } from './options.js';

export const VERIFY_USAGE =
  'corpus verify [--corpus <dir>] [--task <id>]... [--runs <n>] [--resume] [--concurrency <n>] [--json]';

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

/** "near its time limit: x took 8.1 s of 10 s on the reference": what may time out on a busier machine. */
function nearLimitLines(tasks: readonly Qualification[]): string[] {
  return tasks.flatMap((q) =>
    q.nearTimeLimit.map(
      (near) =>
        `near its time limit: ${q.id}: ${near.check === null ? 'the test command' : `check '${near.check}'`} took ${(near.durationMs / 1000).toFixed(1)} s of ${near.limitMs / 1000} s on the ${near.tree === 'start' ? 'starting tree' : near.tree}\n`,
    ),
  );
}

function report(verification: CorpusVerification, json: boolean, io: CliIo): number {
  if (json) io.out(`${JSON.stringify(verification, null, 2)}\n`);
  else io.out(`${table(verification.tasks)}\n\n${verification.qualified} of ${verification.total} tasks qualified\n`);
  for (const line of nearLimitLines(verification.tasks)) io.err(line);
  const unqualified = verification.tasks.filter((q) => !q.qualified);
  for (const q of unqualified) io.err(`unqualified: ${q.id}: ${q.reasons.join('; ')}\n`);
  for (const r of verification.refused) io.err(`refused: ${r.id}: ${r.reason}\n`);
  return unqualified.length === 0 && verification.refused.length === 0 ? 0 : 1;
}

/** The record's entries of tasks verified at their current digest with at least `runs` runs: a resumed verification leaves them out. */
async function alreadyVerified(root: string, corpus: LoadedCorpus, runs: number): Promise<Map<string, Qualification>> {
  const path = verificationRecordFile(root, corpus.corpus.id);
  if (!existsSync(path)) return new Map();
  const record = await readArtifact(path, CorpusVerificationSchema);
  // A record of another directory with the same corpus id says nothing of this one.
  if (record.corpus.path !== corpusPathOf(root, corpus.dir)) return new Map();
  const digests = new Map(corpus.tasks.map((task) => [task.task.id, task.digest]));
  const current = record.tasks.filter((entry) => digests.get(entry.id) === entry.digest && entry.runs >= runs);
  return new Map(current.map((entry) => [entry.id, entry]));
}

/** `[ 3/200] task-id qualified 12.3 s · about 41 min left`: one line per task as it ends. */
function progress(io: CliIo): (q: Qualification, done: number, total: number, seconds: number) => void {
  const started = performance.now();
  return (q, done, total, seconds) => {
    const left = timeLeft((performance.now() - started) / 1000, done, total);
    const width = String(total).length;
    const estimate = left === null ? '' : ` · about ${formatDuration(left)} left`;
    io.err(
      `[${String(done).padStart(width)}/${total}] ${q.id} ${q.qualified ? 'qualified' : 'unqualified'} ${seconds.toFixed(1)} s${estimate}\n`,
    );
  };
}

export async function verify(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      corpus: { type: 'string' },
      task: { type: 'string', multiple: true },
      runs: { type: 'string', default: '1' },
      resume: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0)
    throw new CrossoverError(
      'invalid-input',
      `unexpected argument "${positionals[0]}"; usage: crossover ${VERIFY_USAGE}`,
    );
  const runs = positiveInteger(values.runs, '--runs');
  const corpus = await loadCorpus(resolve(io.cwd, values.corpus ?? 'corpus'));
  const resumed = values.resume ? await alreadyVerified(io.cwd, corpus, runs) : new Map<string, Qualification>();
  const header = { id: corpus.corpus.id, version: corpus.corpus.version, digest: corpus.digest };
  const show = progress(io);
  let written = Promise.resolve('');
  let lastEnd = performance.now();
  const verification = await qualifyCorpus(corpus, {
    root: io.cwd,
    runs,
    ...(values.task === undefined ? {} : { taskIds: values.task }),
    ...(values.concurrency === undefined ? {} : { concurrency: positiveInteger(values.concurrency, '--concurrency') }),
    skip: (task) => resumed.has(task.task.id),
    // Each task is recorded as it ends, so a verification stopped part-way resumes (--resume) where it stopped.
    onQualified: async (qualification, done, total) => {
      const now = performance.now();
      show(qualification, done, total, (now - lastEnd) / 1000);
      lastEnd = now;
      written = written.then(() =>
        recordVerification(
          io.cwd,
          {
            schema: 'crossover.corpus-verification/1',
            corpus: header,
            total: 1,
            qualified: qualification.qualified ? 1 : 0,
            tasks: [qualification],
            refused: [],
          },
          corpus.dir,
        ),
      );
      await written;
    },
  });
  const record = await recordVerification(io.cwd, verification, corpus.dir);
  const kept = [...resumed.values()].filter((entry) => values.task === undefined || values.task.includes(entry.id));
  if (kept.length > 0)
    io.err(
      `resumed: ${kept.length} tasks already verified at their digest were not run again (${kept.filter((q) => q.qualified).length} qualified)\n`,
    );
  const code = report(verification, values.json, io);
  const unqualifiedBefore = kept.filter((entry) => !entry.qualified);
  for (const q of unqualifiedBefore) io.err(`unqualified (recorded): ${q.id}: ${q.reasons.join('; ')}\n`);
  // --json keeps stdout one JSON document.
  (values.json ? io.err : io.out)(`verification record: ${relative(io.cwd, record)}\n`);
  return unqualifiedBefore.length > 0 ? 1 : code;
}
