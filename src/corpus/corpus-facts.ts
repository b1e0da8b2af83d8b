import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaskSchema } from '../contracts/corpus.js';
import type { CorpusFacts } from '../contracts/corpus-card.js';
import type { Plan } from '../contracts/plan.js';
import { CorpusVerificationSchema } from '../contracts/qualification.js';
import { readArtifact } from '../io/json.js';
import { readImportRecord } from './import-record.js';
import { verificationRecordFile } from './verification-record.js';

/** The repository a task's task.json records (source.repository), or null; a task.json gone since planning is null too. */
async function recordedRepository(taskJson: string): Promise<string | null> {
  if (!existsSync(taskJson)) return null;
  const task = await readArtifact(taskJson, TaskSchema);
  return task.source?.repository ?? null;
}

/**
 * What a plan's corpus card counts, from the corpus's own records: each bound task's repository
 * (its task.json), size and languages (the verification record's entry at the digest the plan
 * binds; unknown otherwise), what the import record says it could not build, and the corpus tasks
 * the verification record holds unqualified or refused that the plan does not bind. Null when the
 * corpus is not where the plan says (a plan scored elsewhere): the scorecard then has no card.
 */
export async function readCorpusFacts(root: string, plan: Plan): Promise<CorpusFacts | null> {
  const corpusDir = resolve(root, plan.corpus.path);
  if (!existsSync(join(corpusDir, 'corpus.json'))) return null;
  const recordPath = verificationRecordFile(root, plan.corpus.id);
  const record = existsSync(recordPath) ? await readArtifact(recordPath, CorpusVerificationSchema) : null;
  const entries = new Map((record?.tasks ?? []).map((entry) => [entry.id, entry]));
  const bound = new Set(plan.tasks.map((task) => task.id));
  const tasks = await Promise.all(
    plan.tasks.map(async (task) => {
      const entry = entries.get(task.id);
      const known = entry !== undefined && entry.digest === task.digest;
      return {
        id: task.id,
        repository: await recordedRepository(join(corpusDir, 'tasks', task.id, 'task.json')),
        files: known ? entry.tree.files : null,
        lines: known ? entry.tree.lines : null,
        languages: known ? entry.languages : null,
      };
    }),
  );
  const imports = await readImportRecord(corpusDir);
  return {
    tasks,
    excludedAtImport: (imports?.excluded ?? []).map(({ source, reason }) => ({ source, reason })),
    excludedAtVerification: [
      ...(record?.tasks ?? [])
        .filter((entry) => !entry.qualified && !bound.has(entry.id))
        .map((entry) => ({ id: entry.id, reason: entry.reasons[0] ?? 'not qualified' })),
      ...(record?.refused ?? []).filter((entry) => !bound.has(entry.id)).map(({ id, reason }) => ({ id, reason })),
    ],
  };
}
