import { execFileSync } from 'node:child_process';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { materializeTree } from '../../src/corpus/materialize.js';
import { readTreeModel, treeDigest } from '../../src/io/tree.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { SLUG_FIXED, slugTask } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, '-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    encoding: 'utf8',
  });
}

/** The slug task, its workspace committed in two commits and bundled; the task declares that history, or not. */
async function historyTask(declared: boolean): Promise<string> {
  const dir = await slugTask(join(await tempDir(), 'slug'));
  const repo = join(dir, 'workspace');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', 'package.json');
  git(repo, 'commit', '-q', '-m', 'start the slug library');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'slug joins words with a dash');
  git(repo, 'bundle', 'create', '-q', join(dir, 'history.bundle'), 'main');
  const commit = git(repo, 'rev-parse', 'HEAD').trim();
  await rm(join(repo, '.git'), { recursive: true, force: true });
  if (declared) {
    const file = join(dir, 'task.json');
    const task = JSON.parse(await readFile(file, 'utf8'));
    task.repository.history = { commit, branch: 'main' };
    await writeFile(file, JSON.stringify(task));
  }
  return dir;
}

/** An agent that fixes slug only when git shows the history and a clean tree. */
const GIT_AWARE_AGENT = (fixed: string) =>
  `git log --format=%s > /dev/null && test "$(git log --format=%s | head -1)" = "slug joins words with a dash" && test -z "$(git status --porcelain)" && cp ${fixed} src/slug.js`;

describe('a task that declares history gets a .git rebuilt from its commit id', () => {
  it('gives byte-identical .git trees on two materializations, so the task digest never drifts', async () => {
    const dir = await historyTask(true);
    const task = await loadTask(dir);
    const scratch = await tempDir();
    const trees = [];
    for (const name of ['one', 'two']) {
      await materializeTree(dir, [], join(scratch, name), task.task.repository?.history);
      trees.push(await readTreeModel(join(scratch, name, '.git')));
    }
    expect(trees[0]!.files.map((f) => f.path)).toEqual(expect.arrayContaining(['HEAD', 'config', 'index']));
    expect(trees[1]).toEqual(trees[0]);
    expect(await treeDigest(join(scratch, 'two'))).toBe(await treeDigest(join(scratch, 'one')));
    expect((await loadTask(dir)).digest).toBe(task.digest);
    // The bundle is bound: other history is another task.
    await writeFile(join(dir, 'history.bundle'), 'not a bundle');
    expect((await loadTask(dir)).digest).not.toBe(task.digest);
  });

  it('refuses a commit id the bundle does not hold, naming the field', async () => {
    const dir = await historyTask(true);
    const task = await loadTask(dir);
    const history = { commit: 'f'.repeat(40), branch: 'main' };
    await expect(materializeTree(dir, [], join(await tempDir(), 'tree'), history)).rejects.toThrow(
      /history\.bundle: does not hold commit f{40}, which task.json's \$\.repository\.history\.commit names/,
    );
    expect(task.task.repository?.history?.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('lets git log and git status work inside a trial under bubblewrap; without history they do not', async () => {
    const fixes = await tempDir();
    await writeFile(join(fixes, 'slug.js'), SLUG_FIXED);
    await chmod(fixes, 0o755);
    const trial = async (declared: boolean) => {
      const { receipt } = await runAdHocTrial({
        root: await tempDir(),
        task: await loadTask(await historyTask(declared)),
        command: GIT_AWARE_AGENT(join(fixes, 'slug.js')),
        sandbox: 'bubblewrap',
        timeoutMs: 60_000,
        readOnly: [fixes],
        loopback: false,
      });
      return receipt;
    };
    const withHistory = await trial(true);
    expect(withHistory.status, JSON.stringify(withHistory.findings)).toBe('passed');
    // The .git git rewrote on `git status` is not the agent's change: one file modified.
    expect(withHistory.diagnostics.filesModified).toBe(1);
    // Positive control: the same agent without the declared history finds no repository: git fails, nothing is fixed.
    const without = await trial(false);
    expect(without.status).toBe('agent-error');
    expect(JSON.stringify(without.findings)).toContain('the command exited with code');
  }, 300_000);
});
