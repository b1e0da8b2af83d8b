import { chmod, copyFile, cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { TreeModel } from '../contracts/tree.js';
import { HARBOR_WORKDIR } from '../grading/harbor-verifier.js';
import { boundedMessage } from '../grading/outcome.js';
import { runSandboxed } from '../io/sandboxed-command.js';
import { readTreeModel } from '../io/tree.js';

const SOLUTION_MOUNT = '/solution';

/** Each path's content key: a file's bytes and mode, a link's target. */
function entries(model: TreeModel): Map<string, string> {
  return new Map([
    ...model.files.map((file) => [file.path, `file ${file.executable} ${file.sha256}`] as const),
    ...model.links.map((link) => [link.path, `link ${link.target}`] as const),
  ]);
}

/**
 * Runs a Harbor task's solution/solve.sh as Harbor does (the tree at its WORKDIR, the solution at
 * /solution) on a copy of the starting tree in bubblewrap with no network, and writes what it
 * changed or added into `reference` as an overlay. A solve.sh that fails, or deletes a file (an
 * overlay cannot), is refused with why.
 */
export async function solutionOverlay(input: {
  workspace: string;
  solution: string;
  reference: string;
  workdir: string | null;
  timeoutMs: number;
}): Promise<number> {
  const scratch = await mkdtemp(join(tmpdir(), 'crossover-harbor-solution-'));
  try {
    const tree = join(scratch, 'tree');
    const solution = join(scratch, 'solution');
    await cp(input.workspace, tree, { recursive: true, verbatimSymlinks: true });
    await cp(input.solution, solution, { recursive: true, verbatimSymlinks: true });
    const workdir = input.workdir ?? HARBOR_WORKDIR;
    const result = await runSandboxed({
      script: `bash ${SOLUTION_MOUNT}/solve.sh`,
      cwd: workdir,
      env: { PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, HOME: '/tmp', LANG: 'C.UTF-8' },
      writable: [],
      writableMounts: [{ source: tree, dest: workdir }],
      readOnly: [],
      mounts: [{ source: solution, dest: SOLUTION_MOUNT }],
      network: false,
      timeoutMs: input.timeoutMs,
    });
    if (result.startError !== null || result.timedOut || result.exitCode !== 0) {
      const how = result.startError ?? (result.timedOut ? 'timed out' : `exit ${result.exitCode}`);
      const tail = boundedMessage(result.tail.split(tree).join(workdir).split(solution).join(SOLUTION_MOUNT), 300);
      throw new CrossoverError('invalid-input', `solution/solve.sh failed on the host (${how}): ${tail}`);
    }
    const before = entries(await readTreeModel(input.workspace));
    const afterModel = await readTreeModel(tree);
    const after = entries(afterModel);
    const deleted = [...before.keys()].filter((path) => !after.has(path));
    if (deleted.length > 0)
      throw new CrossoverError(
        'invalid-input',
        `solution/solve.sh deletes ${deleted.slice(0, 5).join(', ')}: a reference overlay cannot delete files`,
      );
    await mkdir(input.reference, { recursive: true });
    let changed = 0;
    for (const file of afterModel.files.filter((f) => before.get(f.path) !== after.get(f.path))) {
      await mkdir(dirname(join(input.reference, file.path)), { recursive: true });
      await copyFile(join(tree, file.path), join(input.reference, file.path));
      await chmod(join(input.reference, file.path), file.executable ? 0o755 : 0o644);
      changed += 1;
    }
    for (const link of afterModel.links.filter((l) => before.get(l.path) !== after.get(l.path))) {
      await mkdir(dirname(join(input.reference, link.path)), { recursive: true });
      await symlink(link.target, join(input.reference, link.path));
      changed += 1;
    }
    return changed;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
