import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContained } from '../../src/io/contained-process.js';
import { containerArgv, endContainer } from '../../src/io/container.js';
import { engineEnvironment } from '../../src/io/container-engine.js';
import { type ContainerHost, containerName } from '../../src/io/container-host.js';
import { bubblewrapArgv, handOver, requireSandbox, type SandboxLayout } from '../../src/io/sandbox.js';
import { agentExec } from '../../src/trial/agent-exec.js';
import { MARKER_VARIABLE } from '../../src/trial/environment.js';
import { trialDirectory } from '../../src/trial/workspace.js';
import { agentSandbox, CONTAINED } from '../helpers/backends.js';
import { tempDir } from '../helpers/temp.js';
import { AGENTS_DIR, hostileTrial } from './hostile.js';

const ROOT = process.getuid?.() === 0;
const ATTACK = join(AGENTS_DIR, 'root-escape.mjs');
const ESCAPES = ['remount', 'cgroup', 'sysctl'];

async function layoutWithReadOnly(): Promise<{ layout: SandboxLayout; workspace: string; readOnly: string }> {
  const trialDir = await tempDir();
  const readOnly = await tempDir();
  await chmod(readOnly, 0o755);
  const writable = ['workspace', 'home', 'tmp'].map((name) => join(trialDir, name));
  for (const dir of writable) await mkdir(dir);
  await handOver(writable, (await requireSandbox()).identity);
  const layout = { writable, readOnly: [readOnly, AGENTS_DIR], shareNetwork: false };
  return { layout, workspace: writable[0] as string, readOnly };
}

const env = (layout: SandboxLayout) => ({
  PATH: '/usr/bin:/bin',
  HOME: layout.writable[1] as string,
  TMPDIR: layout.writable[2] as string,
  [MARKER_VARIABLE]: 'root-containment',
});
const marker = (layout: SandboxLayout) => ({
  variable: `${MARKER_VARIABLE}=root-containment`,
  directory: layout.writable[0] as string,
});

describe.runIf(ROOT)('an agent started by a root harness', () => {
  it.each(CONTAINED)(
    'cannot remount a read-only bind writable, mount cgroup2 or write a sysctl (sandbox %s)',
    async (backend) => {
      const { layout, workspace, readOnly } = await layoutWithReadOnly();
      const exec = agentExec({
        sandbox: await agentSandbox(backend),
        layout,
        agentDirs: layout.writable.slice(1),
        marker: marker(layout),
        deadline: performance.now() + 30_000,
        signal: new AbortController().signal,
      });
      const result = await exec(['node', ATTACK, readOnly], { cwd: workspace, env: env(layout) });
      expect(result.stdout.trim().split('\n')).toEqual(ESCAPES.map((name) => `contained: ${name}`));
      expect(await readdir(readOnly)).toEqual([]);
    },
  );

  it('does all three in the old sandbox, --unshare-all keeping every capability as uid 0 (the test is real)', async () => {
    const { layout, workspace, readOnly } = await layoutWithReadOnly();
    const sandbox = await requireSandbox();
    const argv = ['node', ATTACK, readOnly];
    const old = bubblewrapArgv(layout, workspace, argv, { kind: 'caller' });
    const capDrop = old.indexOf('--cap-drop');
    old.splice(capDrop, 2);
    const result = await runContained(
      { file: sandbox.bwrap.path, args: old, cwd: workspace, env: env(layout) },
      { timeoutMs: 30_000, signal: new AbortController().signal, marker: marker(layout) },
    );
    expect(result.stdout.trim().split('\n')).toEqual(ESCAPES.map((name) => `escaped: ${name}`));
    expect(existsSync(join(readOnly, 'remount-escape.txt'))).toBe(true);
  });

  it('does all three in a container kept as uid 0 with CAP_SYS_ADMIN and no seccomp (the test is real)', async () => {
    const { layout, workspace, readOnly } = await layoutWithReadOnly();
    const host = (await agentSandbox('container')) as ContainerHost;
    const command = {
      name: containerName('root-containment'),
      labels: {},
      layout,
      cwd: workspace,
      argv: ['node', ATTACK, readOnly],
      identity: { kind: 'caller' } as const,
      limits: { pids: 64, memoryBytes: 1024 ** 3, cpus: 1 },
      passed: [],
      set: { PATH: host.path },
    };
    // The same container as root with CAP_SYS_ADMIN, no seccomp filter and a writable /proc/sys:
    // what dropping capabilities and privileges stops. (`--privileged` is refused on this kind of
    // machine: the host's own bounding set lacks a capability.)
    const argv = containerArgv(host, command);
    argv.splice(argv.indexOf('--cap-drop'), 2, '--cap-add', 'SYS_ADMIN');
    argv.splice(argv.indexOf('no-new-privileges'), 1, 'seccomp=unconfined', '--security-opt', 'systempaths=unconfined');
    expect(argv[argv.indexOf('--user') + 1]).toBe('0:0');
    const result = await runContained(
      { file: host.engine.path, args: argv, cwd: workspace, env: engineEnvironment(host.engine) },
      { timeoutMs: 60_000, signal: new AbortController().signal, marker: marker(layout) },
    );
    await endContainer(host.engine, command.name);
    expect(result.stdout.trim().split('\n')).toEqual(ESCAPES.map((name) => `escaped: ${name}`));
    expect(existsSync(join(readOnly, 'remount-escape.txt'))).toBe(true);
  });

  it.each(CONTAINED)(
    'ends as a trial with a receipt, its folder removed, nothing written to the read-only bind (sandbox %s)',
    async (sandbox) => {
      const root = await tempDir();
      const receipt = await hostileTrial({ script: 'root-escape.mjs', args: [AGENTS_DIR], root, sandbox });
      expect(receipt.status).toBe('failed');
      expect(receipt.sandbox.kind).toBe(sandbox);
      expect(existsSync(join(AGENTS_DIR, 'remount-escape.txt'))).toBe(false);
      expect(existsSync(trialDirectory(root, receipt.planId, receipt.trial.id))).toBe(false);
    },
  );
});
