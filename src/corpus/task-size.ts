import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { LanguageShare, TreeSize } from '../contracts/qualification.js';
import { readTree } from '../io/tree.js';
import { changedLines, isVendoredPath, lineCount } from './difficulty.js';
import type { LoadedTask } from './load.js';

/** Source languages by file extension: what a corpus card counts; other files are left out of the tally. */
const LANGUAGES: Readonly<Record<string, string>> = {
  '.js': 'JavaScript',
  '.mjs': 'JavaScript',
  '.cjs': 'JavaScript',
  '.jsx': 'JavaScript',
  '.ts': 'TypeScript',
  '.mts': 'TypeScript',
  '.cts': 'TypeScript',
  '.tsx': 'TypeScript',
  '.py': 'Python',
  '.go': 'Go',
  '.rs': 'Rust',
  '.java': 'Java',
  '.kt': 'Kotlin',
  '.rb': 'Ruby',
  '.php': 'PHP',
  '.c': 'C',
  '.h': 'C',
  '.cc': 'C++',
  '.cpp': 'C++',
  '.hpp': 'C++',
  '.cs': 'C#',
  '.swift': 'Swift',
  '.scala': 'Scala',
  '.sh': 'Shell',
};

async function readOptional(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch(() => null);
}

/** Files the reference overlay changes or adds, and lines added plus removed against the workspace (vendored folders left out). */
export async function referenceChange(task: LoadedTask): Promise<TreeSize> {
  const size = { files: 0, lines: 0 };
  for (const entry of await readTree(join(task.dir, 'reference'))) {
    if (isVendoredPath(entry.path)) continue;
    const after = await readFile(join(task.dir, 'reference', entry.path), 'utf8');
    const before = await readOptional(join(task.dir, 'workspace', entry.path));
    if (before === after) continue;
    size.files += 1;
    size.lines += before === null ? lineCount(after) : changedLines(before, after);
  }
  return size;
}

export interface StartingTree {
  size: TreeSize;
  /** source files per language, most files first (ties by name) */
  languages: LanguageShare[];
}

/** The starting tree's own code, its size and its languages: installed, vendored and generated folders are left out. */
export async function startingTree(root: string): Promise<StartingTree> {
  const entries = (await readTree(root)).filter((entry) => !isVendoredPath(entry.path));
  let lines = 0;
  const files = new Map<string, number>();
  for (const entry of entries) {
    lines += lineCount(await readFile(join(root, entry.path), 'utf8'));
    const language = LANGUAGES[extname(entry.path).toLowerCase()];
    if (language !== undefined) files.set(language, (files.get(language) ?? 0) + 1);
  }
  const languages = [...files]
    .map(([language, count]) => ({ language, files: count }))
    .sort((a, b) => b.files - a.files || (a.language < b.language ? -1 : 1));
  return { size: { files: entries.length, lines }, languages };
}
