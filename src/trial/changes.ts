import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHANGED_FILE_LIMIT, type ReceiptBody } from '../contracts/receipt.js';

type Changes = NonNullable<ReceiptBody['changes']>;

/** Larger files are not line-counted: the counts are a comparison aid, not a diff. */
const LINE_COUNT_LIMIT = 1 << 20;

/** A regular file's lines; [] when absent; null for a link, a binary or an oversized file. */
async function linesOf(path: string): Promise<string[] | null> {
  const info = await lstat(path).catch(() => null);
  if (info === null) return [];
  if (!info.isFile() || info.size > LINE_COUNT_LIMIT) return null;
  const bytes = await readFile(path);
  if (bytes.includes(0)) return null;
  const text = bytes.toString('utf8');
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

/** Lines of `a` not matched by a line of `b`, counting repeats (a multiset difference). */
function unmatched(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const line of b) counts.set(line, (counts.get(line) ?? 0) + 1);
  let left = 0;
  for (const line of a) {
    const n = counts.get(line) ?? 0;
    if (n > 0) counts.set(line, n - 1);
    else left += 1;
  }
  return left;
}

/** The most hunks listed for one file; a file edited in more places shows its first ones. */
const HUNK_LIMIT = 100;
/** Past this many cells the matching is not searched: the changed middle is one hunk. */
const MATCH_CELLS = 250_000;

/** `@@ -a,b +c,d @@` as a unified diff without context names a hunk: 1-based starts, the line before for an empty side. */
function header(oldAt: number, oldLength: number, newAt: number, newLength: number): string {
  const side = (at: number, length: number) => `${length === 0 ? at : at + 1},${length}`;
  return `@@ -${side(oldAt, oldLength)} +${side(newAt, newLength)} @@`;
}

/** Pairs of matched line indexes of a longest common subsequence of `a` and `b`, in order. */
function matches(a: readonly string[], b: readonly string[]): [number, number][] {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * width + j] =
        a[i] === b[j]
          ? table[(i + 1) * width + j + 1]! + 1
          : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * The hunks of a change, as their headers: the runs of lines between matched ones. The common
 * start and end are matched outright; the middle by a longest common subsequence when small.
 */
function hunks(before: readonly string[], after: readonly string[]): string[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  const a = before.slice(start, before.length - end);
  const b = after.slice(start, after.length - end);
  if (a.length === 0 && b.length === 0) return [];
  const pairs = a.length * b.length <= MATCH_CELLS ? matches(a, b) : [];
  const found: string[] = [];
  let i = 0;
  let j = 0;
  for (const [mi, mj] of [...pairs, [a.length, b.length] as [number, number]]) {
    if (mi > i || mj > j) found.push(header(start + i, mi - i, start + j, mj - j));
    i = mi + 1;
    j = mj + 1;
  }
  return found.slice(0, HUNK_LIMIT);
}

/**
 * The changed files of a trial with their added and removed line counts (a multiset comparison of
 * the lines before and after: moving a line counts nothing, changing one counts one each way) and
 * their hunks, which a reviewer accepts or rejects.
 */
export async function workspaceChanges(
  snapshot: string,
  workspace: string,
  modified: readonly string[],
): Promise<Changes> {
  const files: Changes['files'] = [];
  for (const path of modified.slice(0, CHANGED_FILE_LIMIT)) {
    const before = await linesOf(join(snapshot, path));
    const after = await linesOf(join(workspace, path));
    files.push(
      before === null || after === null
        ? { path, added: null, removed: null, hunks: [] }
        : { path, added: unmatched(after, before), removed: unmatched(before, after), hunks: hunks(before, after) },
    );
  }
  return { files, omitted: Math.max(0, modified.length - CHANGED_FILE_LIMIT) };
}
