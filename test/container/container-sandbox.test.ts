import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runContained } from '../../src/io/contained-process.js';
import { agentLimits, containerArgv, endContainer } from '../../src/io/container.js';
import { engineCommand, engineEnvironment } from '../../src/io/container-engine.js';
import { type ContainerHost, containerName } from '../../src/io/container-host.js';
import { handOver } from '../../src/io/sandbox.js';
import { agentSandbox } from '../helpers/backends.js';
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
