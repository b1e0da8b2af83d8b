import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { mountOverlay, unmountIfMounted } from '../../src/io/overlay.js';
import { AGENT_GID, AGENT_UID } from '../../src/io/sandbox.js';
import { readTreeModel, treeDigest } from '../../src/io/tree.js';
import { attemptWorkspace, removeTrialTree, trialsDirectory } from '../../src/trial/workspace.js';
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

const REPO = join(import.meta.dirname, '../..');

/**
 * A harness in a child process (Crossover as built, dist/) that mounts a copy-on-write workspace
 * at `trialDir` and then waits, holding it, until it is killed.
 */
async function mountingHarness(root: string, trialDir: string): Promise<ChildProcess> {
  const module = (path: string) => JSON.stringify(join(REPO, 'dist', path));
  const script = `
    const { attemptWorkspace } = await import(${module('trial/workspace.js')});
    const { loadTask } = await import(${module('corpus/load.js')});
    const task = await loadTask(${JSON.stringify(PAGES_TASK)});
    await attemptWorkspace(${JSON.stringify(root)}, task, ${JSON.stringify(trialDir)}, ${JSON.stringify(OWNER)});
    process.stdout.write('mounted\\n');
    setInterval(() => {}, 1 << 30);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  while (!out.includes('mounted')) {
    if (child.exitCode !== null) throw new Error(`the harness exited (${child.exitCode}) before mounting`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

const mounted = async () => readFile('/proc/self/mountinfo', 'utf8');

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

  it('left mounted by a SIGKILLed harness is unmounted and removed by the next trial; a live harness’s and a mount outside the trial folders are left', async () => {
    const root = await tempDir();
    const trials = trialsDirectory(root);
    const [killedDir, liveDir] = [join(trials, 'killed'), join(trials, 'live')];
    const killed = await mountingHarness(root, killedDir);
    const live = await mountingHarness(root, liveDir);
    // Outside Crossover's trial folders, with a record naming the dead harness: never Crossover's to sweep.
    const outside = join(root, 'elsewhere');
    const layers = {
      lower: join(PAGES_TASK, 'workspace'),
      upper: join(outside, 'u'),
      work: join(outside, 'w'),
      target: join(outside, 'workspace'),
    };
    for (const dir of [layers.upper, layers.work, layers.target]) await mkdir(dir, { recursive: true });
    try {
      expect(await mountOverlay(layers)).toBe(true);
      killed.kill('SIGKILL');
      await once(killed, 'exit');
      await writeFile(join(outside, '.mounted-by'), JSON.stringify({ pid: killed.pid, processStart: null }));
      // The measurement: the killed harness's workspace is still mounted.
      expect(await mounted()).toContain(join(killedDir, 'workspace'));

      const task = await loadTask(PAGES_TASK);
      const next = await attemptWorkspace(root, task, join(trials, 'next'), OWNER);
      const after = await mounted();
      expect(after).not.toContain(join(killedDir, 'workspace'));
      expect(existsSync(killedDir)).toBe(false);
      expect(after).toContain(join(liveDir, 'workspace'));
      expect(after).toContain(layers.target);
      expect(after).toContain(next.workspace);
    } finally {
      live.kill('SIGKILL');
      for (const dir of [killedDir, liveDir, join(trials, 'next')]) await removeTrialTree(dir);
      await unmountIfMounted(layers.target);
    }
    expect(await mounted()).not.toContain(root);
  });
});
