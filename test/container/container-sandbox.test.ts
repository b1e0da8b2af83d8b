import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runContained } from '../../src/io/contained-process.js';
import { agentLimits, type ContainerLimits, containerArgv, endContainer } from '../../src/io/container.js';
import { engineCommand, engineEnvironment } from '../../src/io/container-engine.js';
import { type ContainerHost, containerName } from '../../src/io/container-host.js';
import { runInContainer } from '../../src/io/container-run.js';
import { handOver } from '../../src/io/sandbox.js';
import { agentSandbox } from '../helpers/backends.js';
import { defaultContainerWeight, topGroupWeight, watchProcesses } from '../helpers/starve.js';
import { tempDir } from '../helpers/temp.js';
import { AGENTS_DIR, hostileTrial, processesWith } from '../trial/hostile.js';

/** Names of the containers, running or not, whose command line holds `marker`. */
async function containersWith(host: ContainerHost, marker: string): Promise<string[]> {
  const listed = await engineCommand(host.engine, ['ps', '--all', '--no-trunc', '--format', '{{.Names}} {{.Command}}']);
  return listed.stdout
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => line.split(' ')[0]!);
}

describe('a hanging agent in a container', () => {
  it('times out, its processes killed and its container removed: the survivor check finds none', async () => {
    const host = (await agentSandbox('container')) as ContainerHost;
    const marker = `crossover-hang-${randomBytes(6).toString('hex')}`;
    const receipt = await hostileTrial({ script: 'hang.mjs', args: [marker], sandbox: 'container', timeoutMs: 4000 });
    expect(receipt.status).toBe('timeout');
    expect(await processesWith(marker)).toEqual([]);
    expect(await containersWith(host, marker)).toEqual([]);
  });

  it('keeps running when only the engine client is killed: what the removal is for (the test is real)', async () => {
    const host = (await agentSandbox('container')) as ContainerHost;
    const marker = `crossover-hang-${randomBytes(6).toString('hex')}`;
    const trialDir = await tempDir();
    const workspace = join(trialDir, 'workspace');
    await mkdir(workspace);
    await handOver([workspace], host.identity);
    const name = containerName('survivor-control');
    onTestFinished(() => endContainer(host.engine, name));
    const argv = containerArgv(host, {
      name,
      labels: {},
      layout: { writable: [workspace], readOnly: [AGENTS_DIR], shareNetwork: false },
      cwd: workspace,
      argv: ['node', join(AGENTS_DIR, 'hang.mjs'), marker],
      identity: host.identity,
      limits: agentLimits(),
      passed: [],
      set: { PATH: host.path },
    });
    // The client is killed at its deadline, as a trial's is; nothing removes its container.
    const result = await runContained(
      { file: host.engine.path, args: argv, cwd: workspace, env: engineEnvironment(host.engine) },
      {
        timeoutMs: 4000,
        signal: new AbortController().signal,
        // A marker no process carries: the host's sweep of the trial's processes is left out too.
        marker: { variable: `CROSSOVER_UNUSED=${marker}`, directory: join(trialDir, 'unused') },
      },
    );
    expect(result.timedOut).toBe(true);
    expect(await containersWith(host, marker)).toEqual([name]);
    expect(await processesWith(marker)).not.toEqual([]);
    await endContainer(host.engine, name);
    expect(await containersWith(host, marker)).toEqual([]);
  });
});

/** Runs `script` in a fresh container of the base image under `limits`, as the agent's uid; its stdout. */
async function limited(script: string, limits: ContainerLimits): Promise<string> {
  const host = (await agentSandbox('container')) as ContainerHost;
  const command = {
    name: containerName('limits'),
    labels: {},
    layout: { writable: [], readOnly: [], shareNetwork: false },
    cwd: '/tmp',
    argv: ['sh', '-c', script],
    identity: host.identity,
    limits,
    passed: [],
    set: { PATH: host.path },
  };
  const marker = { variable: `CROSSOVER_UNUSED=${randomBytes(6).toString('hex')}`, directory: '/nonexistent' };
  const run = { timeoutMs: 60_000, signal: new AbortController().signal, marker };
  return (await runInContainer(host, command, { env: {} }, run)).stdout.trim();
}

/** Starts 100 sleeping processes and prints how many started. */
const FORKS = `node -e "const { spawn } = require('node:child_process'); let started = 0;
for (let i = 0; i < 100; i += 1) { const child = spawn('sleep', ['5']); child.on('spawn', () => (started += 1)); child.on('error', () => {}); }
setTimeout(() => { console.log(started, 'started'); process.exit(0); }, 2000);"`;
/** Keeps 24 buffers of 16 MiB, then prints how much it grew and its exit code. */
const GROW = `node -e "const kept = []; for (let i = 0; i < 24; i += 1) kept.push(Buffer.alloc(16 * 1024 ** 2, 1));
console.log('grew', kept.length * 16, 'MiB');"; echo "exit $?"`;

// A host agent runs in bubblewrap as a session of its own, which the kernel weighs as one task at
// niceness 0 against every other session. Under the engine's group every container shared one such
// weight: with several container trials at once, each agent got a fraction of a host agent's CPU,
// and its time limit is wall time.
describe("an agent's container", () => {
  it("runs in a group of its own at the top, weighed against the host's sessions as an agent in bubblewrap is", async () => {
    const host = (await agentSandbox('container')) as ContainerHost;
    const marker = `crossover-weight-${randomBytes(6).toString('hex')}`;
    const seen: { group: string; shares: number }[] = [];
    const watcher = watchProcesses(marker, (pid) => seen.push(topGroupWeight(pid)));
    try {
      const receipt = await hostileTrial({ script: 'hang.mjs', args: [marker], sandbox: 'container', timeoutMs: 4000 });
      expect(receipt.status).toBe('timeout');
    } finally {
      watcher.stop();
    }
    // The agent and the child it started: both in the container's own top-level group, at the default weight.
    expect(seen.length).toBeGreaterThan(0);
    for (const weight of seen) expect(weight).toEqual({ group: expect.stringMatching(/^[0-9a-f]{64}$/), shares: 1024 });

    // The control: a container the engine starts as it does by default sits under the engine's group.
    expect((await defaultContainerWeight(host.engine, host.image, [])).group).toBe('docker');
  });
});

// Each case starts its own containers: they overlap.
describe.concurrent('the limits of a container', () => {
  it('stops a process tree at its pids limit; a higher limit lets it grow (the control)', async () => {
    const low = await limited(FORKS, { pids: 48, memoryBytes: 512 * 1024 ** 2, cpus: 1 });
    const high = await limited(FORKS, { pids: 256, memoryBytes: 512 * 1024 ** 2, cpus: 1 });
    expect(Number.parseInt(low, 10)).toBeLessThan(48);
    expect(high).toBe('100 started');
  });

  it('kills a process past its memory limit; a higher limit lets it finish (the control)', async () => {
    const low = await limited(GROW, { pids: 64, memoryBytes: 128 * 1024 ** 2, cpus: 1 });
    const high = await limited(GROW, { pids: 64, memoryBytes: 1024 ** 3, cpus: 1 });
    expect(low).toMatch(/^exit 137$/m);
    expect(high).toBe('grew 384 MiB\nexit 0');
  });

  it('is held to its CPU quota: one CPU is a quota of one period (cgroup v1 or v2)', async () => {
    const quota = await limited('cat /sys/fs/cgroup/cpu.max 2>/dev/null || cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us', {
      pids: 64,
      memoryBytes: 512 * 1024 ** 2,
      cpus: 1,
    });
    expect(quota).toMatch(/^(100000 100000|100000)$/);
  });

  it('runs with no capabilities and no new privileges', async () => {
    const status = await limited('grep -E "^(CapEff|NoNewPrivs)" /proc/self/status', agentLimits());
    expect(status.split('\n').map((line) => line.replace(/\s+/g, ' '))).toEqual([
      'CapEff: 0000000000000000',
      'NoNewPrivs: 1',
    ]);
  });
});

describe('a docker planted earlier on PATH', () => {
  /** A `docker` that leaves a marker and fails: what an agent that could write PATH would plant. */
  async function plantDocker(): Promise<{ binDir: string; ran: string }> {
    const binDir = await tempDir();
    const ran = join(binDir, 'planted-docker-ran');
    await writeFile(join(binDir, 'docker'), `#!/bin/sh\ntouch ${ran}\necho "Docker version 9.8.7"\nexit 1\n`, {
      mode: 0o755,
    });
    return { binDir, ran };
  }

  it('is never run by a container trial: the engine is started by its absolute system path', async () => {
    const { binDir, ran } = await plantDocker();
    const path = process.env.PATH;
    process.env.PATH = `${binDir}:${path}`;
    try {
      const receipt = await hostileTrial({ script: 'write-outside.mjs', args: [], sandbox: 'container' });
      expect(receipt.sandbox).toMatchObject({ kind: 'container', version: expect.not.stringContaining('9.8.7') });
      expect(receipt.status).toBe('failed');
    } finally {
      process.env.PATH = path;
    }
    expect(existsSync(ran)).toBe(false);
  });

  it('is what a PATH lookup of docker runs (the test is real)', async () => {
    const { binDir, ran } = await plantDocker();
    const found = await promisify(execFile)('docker', ['--version'], {
      env: { PATH: `${binDir}:/usr/bin:/bin` },
    }).catch((error: { stdout: string }) => error);
    expect(found.stdout.trim()).toBe('Docker version 9.8.7');
    expect(existsSync(ran)).toBe(true);
  });
});
