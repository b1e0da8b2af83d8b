/** Pure difficulty evidence: line counts and a simple line diff. */

/** Folders that hold installed, vendored or generated code, not the code a solver works on. */
const VENDORED = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'vendor',
  'dist',
  'build',
  'coverage',
  '.next',
  '.cache',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.pytest_cache',
]);

/** True when some folder of `path` is installed, vendored or generated: left out of difficulty figures. */
export function isVendoredPath(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((part) => VENDORED.has(part));
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function lineCount(text: string): number {
  return splitLines(text).length;
}

/** Length of the longest common subsequence of two line lists (two rows of the classic table). */
function commonLines(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (const line of a) {
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = line === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Lines added plus lines removed to turn `before` into `after`. */
export function changedLines(before: string, after: string): number {
  const a = splitLines(before);
  const b = splitLines(after);
  return a.length + b.length - 2 * commonLines(a, b);
}
