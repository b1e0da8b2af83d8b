import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { type CorpusVerification, CorpusVerificationSchema } from '../contracts/qualification.js';
import { writeFileAtomic } from '../io/atomic.js';
import { readArtifact } from '../io/json.js';
import { STATE_DIR } from '../io/layout.js';

/** `.crossover/corpus-verification/<corpus id>.json`: what `crossover corpus verify` established, task by task. */
export function verificationRecordFile(root: string, corpusId: string): string {
  return join(root, STATE_DIR, 'corpus-verification', `${corpusId}.json`);
}

/**
 * The record after a verification of some tasks: each task verified now replaces its earlier entry,
 * tasks not verified now keep theirs (each entry names the task digest it holds for), so verifying a
 * slice never forgets the rest. The corpus digest is the one verified last. Pure.
 */
export function mergeVerification(earlier: CorpusVerification | null, now: CorpusVerification): CorpusVerification {
  const tasks = new Map((earlier?.corpus.id === now.corpus.id ? earlier.tasks : []).map((task) => [task.id, task]));
  for (const task of now.tasks) tasks.set(task.id, task);
  const refused = new Map((earlier?.corpus.id === now.corpus.id ? earlier.refused : []).map((r) => [r.id, r]));
  for (const task of now.tasks) refused.delete(task.id);
  for (const r of now.refused) refused.set(r.id, r);
  const sorted = [...tasks.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    schema: 'crossover.corpus-verification/1',
    corpus: now.corpus,
    total: sorted.length,
    qualified: sorted.filter((task) => task.qualified).length,
    tasks: sorted,
    refused: [...refused.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

/** Merges a verification into the corpus's record, written atomically; returns the record's path. */
export async function recordVerification(root: string, now: CorpusVerification): Promise<string> {
  const path = verificationRecordFile(root, now.corpus.id);
  const earlier = existsSync(path) ? await readArtifact(path, CorpusVerificationSchema) : null;
  await writeFileAtomic(path, prettyJson(mergeVerification(earlier, now)));
  return path;
}
