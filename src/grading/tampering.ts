import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { Finding } from '../contracts/receipt.js';
import type { TreeEntry } from '../contracts/tree.js';
import { readTree } from '../io/tree.js';
import type { GradedTask } from './grade.js';

/**
 * Workspace paths where a file would impersonate a hidden check: `checks/<file>` and `<file>` for
 * every file of the task's checks/ tree (check modules and the helpers they import).
 */
export function checkPaths(checkFiles: readonly string[]): string[] {
  return [...new Set(checkFiles.flatMap((file) => [`checks/${file}`, file]))].sort();
}

export async function taskCheckPaths(task: GradedTask): Promise<string[]> {
  return checkPaths((await readTree(join(task.dir, 'checks'))).map((entry) => entry.path));
}

function tampering(detail: string): Finding {
  return { kind: 'tampering', detail };
}

/** The graded tree, or the finding that it holds a symlink or special file (which checks could follow out). */
async function gradedTree(workspace: string): Promise<TreeEntry[] | Finding> {
  try {
    return await readTree(workspace);
  } catch (error) {
    if (!(error instanceof CrossoverError) || error.code !== 'invalid-input') throw error;
    // No absolute paths in findings: they end up in receipts.
    return tampering(
      `the workspace holds ${error.message.replace(`${workspace}/`, '').replace(/ is not allowed in a task tree.*$/, '')}, which the grader refuses`,
    );
  }
}

/** The entries at `path` or below it: a protected path may name a file or a directory. */
function entriesAt(tree: readonly TreeEntry[], path: string): string {
  const under = tree.filter((entry) => entry.path === path || entry.path.startsWith(`${path}/`));
  return JSON.stringify(under.map((entry) => [entry.path, entry.executable, entry.sha256]));
}

/**
 * What an agent did to the grading itself: files left at the paths the hidden checks use (that
 * the starting tree did not have), changes to the task's protectedPaths, and symlinks or special
 * files anywhere in the workspace. Each is a `tampering` finding naming the path.
 */
export async function detectTampering(task: GradedTask, workspace: string): Promise<Finding[]> {
  const graded = await gradedTree(workspace);
  if (!Array.isArray(graded)) return [graded];
  const startTree = await readTree(join(task.dir, 'workspace'));
  const started = new Set(startTree.map((entry) => entry.path));
  const present = new Set(graded.map((entry) => entry.path));
  const findings: Finding[] = [];
  for (const path of await taskCheckPaths(task)) {
    if (present.has(path) && !started.has(path))
      findings.push(tampering(`a file was planted at ${path}, a path the hidden checks use`));
  }
  for (const path of task.task.protectedPaths) {
    if (entriesAt(startTree, path) !== entriesAt(graded, path))
      findings.push(tampering(`protected path ${path} was changed`));
  }
  return findings;
}
