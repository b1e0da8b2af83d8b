import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli, crossoverProcess, LIBRARY_TASKS, smallProject } from '../plugin/project.js';

/** The mount points below `dir` in this process's mount namespace (the harness mounts in the host's). */
async function mountsBelow(dir: string): Promise<string[]> {
  const text = await readFile('/proc/self/mountinfo', 'utf8');
  return text
    .split('\n')
    .map((line) => line.split(' ')[4] ?? '')
    .filter((point) => point.startsWith(`${dir}/`));
}

/**
 * A container trial of a root harness works in a copy-on-write workspace: an overlay mounted in its
 * trial directory (trial/workspace.ts). Ctrl-C must leave no trial directory behind, mounted or not:
 * before, the removal stopped at the mount and the run said "remove it by hand", its mount in place.
 */
it('Ctrl-C during a container run unmounts and removes the trials in progress, their overlays included', async () => {
  const root = await smallProject({ tasks: LIBRARY_TASKS, probe: false });
  const experiment = join(root, 'experiments/small.ts');
  await writeFile(experiment, (await readFile(experiment, 'utf8')).replace("sandbox: 'none'", "sandbox: 'container'"));
  const probed = await cli(root, ['probe', 'experiments/small.ts']);
  expect(probed.code, probed.err).toBe(0);
  const trials = join(root, '.crossover/trials');
  const run = crossoverProcess(root, ['run', 'experiments/small.ts']);
  // Interrupted while a trial's workspace is mounted: what the removal used to stop at.
  let mounted: string[] = [];
  for (let waited = 0; mounted.length === 0 && run.exitCode === null && waited < 600; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mounted = await mountsBelow(trials);
  }
  expect(mounted.length, 'a trial workspace was mounted when the run was interrupted').toBeGreaterThan(0);
  process.kill(-(run.pid as number), 'SIGINT');
  const ended = await run;

  expect(ended.exitCode, ended.all).toBe(130);
  expect(ended.all).toMatch(/interrupted \(SIGINT\): [1-9]\d* trial\(s\) in progress were stopped/);
  expect(ended.all).not.toContain('could not remove');
  expect(await readdir(trials)).toEqual([]);
  expect(await mountsBelow(root)).toEqual([]);
}, 300_000);
