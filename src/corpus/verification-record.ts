import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { type CorpusVerification, CorpusVerificationSchema } from '../contracts/qualification.js';
import { writeFileAtomic } from '../io/atomic.js';
import { readArtifact } from '../io/json.js';
import { STATE_DIR } from '../io/layout.js';

/** `.crossover/corpus-verification/<corpus id>.json`: what `crossover corpus verify` established, task by task. */
export function verificationRecordFile(root: string, corpusId: string): string {
  return join(root, STATE_DIR, 'corpus-verification', `${corpusId}.json`);
}

/** The corpus directory a record is bound to: root-relative, posix. */
export function corpusPathOf(root: string, corpusDir: string): string {
  return relative(root, corpusDir).split(sep).join('/') || '.';
}

/**
 * The record after a verification of some tasks: each task verified now replaces its earlier entry,
 * tasks not verified now keep theirs (each entry names the task digest it holds for), so verifying a
 * slice never forgets the rest; a record of another corpus (another id, or the same id in another
 * directory) is replaced whole. The corpus digest is the one verified last. Pure.
 */
export function mergeVerification(earlier: CorpusVerification | null, now: CorpusVerification): CorpusVerification {
  const same = earlier?.corpus.id === now.corpus.id && earlier.corpus.path === now.corpus.path;
  const tasks = new Map((same ? earlier.tasks : []).map((task) => [task.id, task]));
  for (const task of now.tasks) tasks.set(task.id, task);
  const refused = new Map((same ? earlier.refused : []).map((r) => [r.id, r]));
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

/**
 * Merges a verification of the corpus in `corpusDir` into its record, bound to that directory and
 * written atomically; returns the record's path.
 */
export async function recordVerification(root: string, now: CorpusVerification, corpusDir: string): Promise<string> {
  const path = verificationRecordFile(root, now.corpus.id);
  const earlier = existsSync(path) ? await readArtifact(path, CorpusVerificationSchema) : null;
  const bound = { ...now, corpus: { ...now.corpus, path: corpusPathOf(root, corpusDir) } };
  await writeFileAtomic(path, prettyJson(mergeVerification(earlier, bound)));
  return path;
}
