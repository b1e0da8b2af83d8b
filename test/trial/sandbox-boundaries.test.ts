import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handOver } from '../../src/io/sandbox.js';
import { agentExec } from '../../src/trial/agent-exec.js';
import { agentEnvironment, MARKER_VARIABLE } from '../../src/trial/environment.js';
import { agentSandbox, CONTAINED, type Contained } from '../helpers/backends.js';
import { tempDir } from '../helpers/temp.js';

const repo = join(import.meta.dirname, '../..');

/** Runs `script` as a sandboxed agent; `later` runs as the harness after the hand-over, as an adapter's set-up does. */
async function sandboxed(
  backend: Contained,
  script: string,
  shareNetwork = false,
  later?: { prepare: (home: string) => Promise<void>; handBack: boolean },
) {
  const trialDir = await tempDir();
  const [workspace, home, tmp] = ['workspace', 'home', 'tmp'].map((name) => join(trialDir, name)) as [
    string,
    string,
    string,
  ];
  for (const dir of [workspace, home, tmp]) await mkdir(dir);
  const sandbox = await agentSandbox(backend);
  await handOver([workspace, home, tmp], sandbox.identity);
  await later?.prepare(home);
  const marker = randomBytes(6).toString('hex');
  const host = { ...process.env, CROSSOVER_TEST_SECRET: 'must-not-leak', DECLARED_KEY: 'declared-value' };
  const env = agentEnvironment({ host, home, tmp, trialDir, credentials: ['DECLARED_KEY'], marker });
  const exec = agentExec({
    sandbox,
    layout: { writable: [workspace, home, tmp], readOnly: [], shareNetwork },
    agentDirs: later?.handBack === false ? [] : [home, tmp],
    marker: { variable: `${MARKER_VARIABLE}=${marker}`, directory: trialDir },
    deadline: performance.now() + 30_000,
    signal: new AbortController().signal,
  });
  return { home, result: await exec(['sh', '-c', script], { cwd: workspace, env }) };
}

describe.each(CONTAINED)('what a sandboxed agent can see (sandbox %s)', (backend) => {
  it('gets an empty environment plus the allowlist, its declared credentials and a fresh HOME', async () => {
    const { home, result } = await sandboxed(backend, 'env');
    const env = new Map(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(env.get('HOME')).toBe(home);
    expect(env.get('DECLARED_KEY')).toBe('declared-value');
    expect(env.has('CROSSOVER_TEST_SECRET')).toBe(false);
    expect([...env.keys()].filter((name) => name.includes('VITEST'))).toEqual([]);
  });

  it('can write in a directory its adapter made in its home after the hand-over (CODEX_HOME)', async () => {
    const prepare = (home: string) => mkdir(join(home, '.codex'));
    const write = 'touch "$HOME/.codex/session" && echo written';
    const { result } = await sandboxed(backend, write, false, { prepare, handBack: true });
    expect(result.stdout.trim()).toBe('written');
  });

  it.runIf(process.getuid?.() === 0)('cannot, as root, without the second hand-over (the control)', async () => {
    const prepare = (home: string) => mkdir(join(home, '.codex'));
    const write = 'touch "$HOME/.codex/session" && echo written';
    const { result } = await sandboxed(backend, write, false, { prepare, handBack: false });
    expect(result.stdout.trim()).toBe('');
    expect(result.stderr).toMatch(/Permission denied/);
  });

  it('cannot read the real home or the repository (corpus, checks, receipts)', async () => {
    const paths = [
      homedir(),
      join(repo, 'package.json'),
      join(repo, 'corpus/corpus.json'),
      join(repo, 'fixtures/tasks/valid-node/checks'),
    ];
    const { result } = await sandboxed(
      backend,
      paths.map((path) => `ls ${path} >/dev/null 2>&1 && echo "visible ${path}" || echo "hidden ${path}"`).join('; '),
    );
    expect(result.stdout.trim().split('\n')).toEqual(paths.map((path) => `hidden ${path}`));
  });

  it("has no network, not even the host's loopback, unless the network is shared", async () => {
    const server = createServer((_, response) => response.end('ok')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const probe = `node -e "fetch('${url}').then((r) => console.log('reached', r.status), () => console.log('unreachable'))"`;
      expect((await sandboxed(backend, probe)).result.stdout.trim()).toBe('unreachable');
      expect((await sandboxed(backend, probe, true)).result.stdout.trim()).toBe('reached 200');
    } finally {
      server.close();
    }
  });
});
