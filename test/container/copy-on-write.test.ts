import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { AGENT_GID, AGENT_UID } from '../../src/io/sandbox.js';
import { readTreeModel, treeDigest } from '../../src/io/tree.js';
import { attemptWorkspace, removeTrialTree } from '../../src/trial/workspace.js';
import { tempDir } from '../helpers/temp.js';
import { PAGES_TASK } from './tasks.js';

const run = promisify(execFile);
const OWNER = { uid: AGENT_UID, gid: AGENT_GID };

/** Runs `script` in `cwd` as the agent's uid, as a trial's agent would. */
function asAgent(script: string, cwd: string) {
  return run(
    '/usr/bin/setpriv',
    [`--reuid=${AGENT_UID}`, `--regid=${AGENT_GID}`, '--clear-groups', 'sh', '-c', script],
    {
      cwd,
    },
  );
}

/** Every file below `dir`, relative. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe.runIf(process.getuid?.() === 0)('a copy-on-write workspace', () => {
  it('copies nothing: the agent’s writes land in the trial, the shared snapshot stays as it was', async () => {
    const root = await tempDir();
    const task = await loadTask(PAGES_TASK);
    const trialDir = join(root, '.crossover/trials/one');
    const { snapshot, workspace } = await attemptWorkspace(root, task, trialDir, OWNER);
    expect(snapshot.dir.endsWith(`-${AGENT_UID}`)).toBe(true);
    expect((await stat(workspace)).dev).not.toBe((await stat(trialDir)).dev);
    expect(await readTreeModel(workspace)).toEqual(snapshot.model);
    expect(await files(join(trialDir, '.upper'))).toEqual([]);
    const before = await treeDigest(snapshot.dir);

    await asAgent('echo changed > src/pages.js && echo new > added.txt', workspace);
    expect(await readFile(join(workspace, 'src/pages.js'), 'utf8')).toBe('changed\n');
    expect(await files(join(trialDir, '.upper'))).toEqual(['added.txt', 'src/pages.js']);
    expect(await treeDigest(snapshot.dir)).toBe(before);

    await removeTrialTree(trialDir);
    expect(existsSync(trialDir)).toBe(false);
    expect(await readFile('/proc/self/mountinfo', 'utf8')).not.toContain(trialDir);
  });

  it('lets the agent rename and delete what came from the snapshot; the next trial starts from it unchanged', async () => {
    const root = await tempDir();
    const task = await loadTask(PAGES_TASK);
    try {
      const first = await attemptWorkspace(root, task, join(root, 'trials/first'), OWNER);
      await asAgent('mv src lib && rm package.json', first.workspace);
      const left = (await readTreeModel(first.workspace)).files.map((file) => file.path);
      expect(left).toEqual(['lib/index.js', 'lib/pages.js']);
      const second = await attemptWorkspace(root, task, join(root, 'trials/second'), OWNER);
      expect(await readTreeModel(second.workspace)).toEqual(second.snapshot.model);
    } finally {
      for (const trial of ['first', 'second']) await removeTrialTree(join(root, 'trials', trial));
    }
  });
});
