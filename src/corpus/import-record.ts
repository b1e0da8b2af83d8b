import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { type CorpusImportRecord, CorpusImportRecordSchema } from '../contracts/corpus-import.js';
import { writeFileAtomic } from '../io/atomic.js';
import { readArtifact } from '../io/json.js';

/** `<corpus>/import-record.json`: beside the tasks, outside every task digest (the corpus digest binds corpus.json and tasks/ only). */
export function importRecordFile(corpusDir: string): string {
  return join(corpusDir, 'import-record.json');
}

/** The corpus's import record, or null when nothing was imported into it by `corpus import`. */
export async function readImportRecord(corpusDir: string): Promise<CorpusImportRecord | null> {
  const path = importRecordFile(corpusDir);
  return existsSync(path) ? readArtifact(path, CorpusImportRecordSchema) : null;
}

/**
 * The record after an import: a source imported now replaces what the record said of it (an
 * instance excluded before and imported now is no longer excluded). Pure.
 */
export function mergeImport(earlier: CorpusImportRecord | null, now: CorpusImportRecord): CorpusImportRecord {
  const sources = new Set([...now.imported.map((entry) => entry.source), ...now.excluded.map((entry) => entry.source)]);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    schema: 'crossover.corpus-import/1',
    imported: [...(earlier?.imported ?? []).filter((entry) => !sources.has(entry.source)), ...now.imported].sort(byId),
    excluded: [...(earlier?.excluded ?? []).filter((entry) => !sources.has(entry.source)), ...now.excluded],
  };
}

/** Merges an import into the corpus's record, written atomically; returns the record's path. */
export async function recordImport(corpusDir: string, now: CorpusImportRecord): Promise<string> {
  const path = importRecordFile(corpusDir);
  await writeFileAtomic(path, prettyJson(mergeImport(await readImportRecord(corpusDir), now)));
  return path;
}
