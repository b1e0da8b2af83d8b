import type { IndexFreshness } from '../contracts/provider.js';
import type { TreeModel } from '../contracts/tree.js';
import type { HashRow } from '../io/sqlite-hashes.js';

/** fresh: every row matches the tree and every source file has one; otherwise why not, bounded. */
export type Freshness = { fresh: true } | { fresh: false; detail: string };

/** Stale files named in a detail; the count says how many more there are. */
const NAMED = 5;

/** Whether the provider, by its declaration, indexes the tree file at `path`. */
function isSource(sources: IndexFreshness['sources'], path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  const skipped = parts.some(
    (dir) => sources.skipDirectories.includes(dir) || (sources.skipDotDirectories && dir.startsWith('.')),
  );
  return !skipped && sources.suffixes.some((suffix) => name.endsWith(suffix));
}

/**
 * Compares a provider's per-file hashes with the task snapshot's tree (pure). Every row must name a
 * file of the tree with the same content hash (the tree's entries are hex sha256 of the bytes, the
 * declared algorithm), and every file the provider indexes by its declared sources must have a row.
 * An index listing no file at all is not fresh: it cannot show that it covers the tree.
 */
export function compareFreshness(freshness: IndexFreshness, rows: readonly HashRow[], tree: TreeModel): Freshness {
  if (rows.length === 0)
    return { fresh: false, detail: `${freshness.database} lists no file in ${freshness.table}: nothing is indexed` };
  const files = new Map(tree.files.map((file) => [file.path, file.sha256]));
  const indexed = new Set<string>();
  const problems: string[] = [];
  for (const row of rows) {
    indexed.add(row.path);
    const sha256 = files.get(row.path);
    if (sha256 === undefined) problems.push(`${row.path} is indexed but not in the snapshot`);
    else if (row.hash.toLowerCase() !== sha256) problems.push(`${row.path} changed since it was indexed`);
  }
  for (const file of tree.files)
    if (!indexed.has(file.path) && isSource(freshness.sources, file.path))
      problems.push(`${file.path} is missing from the index`);
  if (problems.length === 0) return { fresh: true };
  problems.sort();
  const more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : '';
  return { fresh: false, detail: `${problems.slice(0, NAMED).join('; ')}${more}` };
}
