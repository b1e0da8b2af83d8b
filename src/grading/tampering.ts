import { join } from 'node:path';
import { boundedFinding, type Finding } from '../contracts/receipt.js';
import type { TreeEntry, TreeModel } from '../contracts/tree.js';
import { readTree } from '../io/tree.js';
import type { GradedTask } from './graded-task.js';
import type { WorkspaceScan } from './workspace-scan.js';

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
  return boundedFinding('tampering', detail);
}

/** Why the scanned tree cannot be graded: a bound passed, a link leaving it, a special file (which checks could follow out). */
function refusals(scan: WorkspaceScan): Finding[] {
  if (scan.violations.length > 0) return scan.violations;
  // No absolute paths in findings (they end up in receipts): the path and kind, never the target.
  return scan.refused.map((entry) =>
    tampering(`the workspace holds ${entry.what} at ${entry.path}, which the grader refuses`),
  );
}

/** The entries at `path` or below it: a protected path may name a file or a directory. */
function entriesAt(tree: readonly TreeEntry[], path: string): string {
  const under = tree.filter((entry) => entry.path === path || entry.path.startsWith(`${path}/`));
  return JSON.stringify(under.map((entry) => [entry.path, entry.executable, entry.sha256]));
}

/** Symlinks of the graded tree that the starting tree did not hold with the same target. */
function newLinks(start: TreeModel, graded: TreeModel): string[] {
  const shipped = new Set(start.links.map((link) => `${link.path}\0${link.target}`));
  return graded.links.filter((link) => !shipped.has(`${link.path}\0${link.target}`)).map((link) => link.path);
}

/**
 * What an agent did to the grading itself: files left at the paths the hidden checks use (that
 * the starting tree did not have), changes to the task's protectedPaths, special files and
 * symlinks the starting tree did not ship (checks follow links). Each is a `tampering` finding
 * naming the path. `start` is the task's starting tree.
 */
export async function detectTampering(task: GradedTask, scan: WorkspaceScan, start: TreeModel): Promise<Finding[]> {
  const refused = refusals(scan);
  if (refused.length > 0) return refused;
  const graded = scan.model;
  const links = newLinks(start, graded);
  if (links.length > 0)
    return links.map((path) => tampering(`the workspace holds a symlink at ${path}, which the grader refuses`));
  const startTree = start.files;
  const started = new Set(startTree.map((entry) => entry.path));
  const present = new Set(graded.files.map((entry) => entry.path));
  const findings: Finding[] = [];
  // A repository task's hidden tests sit at their own paths and are put back over the tree at grading.
  const planted = task.task.repository ? [] : await taskCheckPaths(task);
  for (const path of planted) {
    if (present.has(path) && !started.has(path))
      findings.push(tampering(`a file was planted at ${path}, a path the hidden checks use`));
  }
  for (const path of task.task.protectedPaths) {
    if (entriesAt(startTree, path) !== entriesAt(graded.files, path))
      findings.push(tampering(`protected path ${path} was changed`));
  }
  return findings;
}
