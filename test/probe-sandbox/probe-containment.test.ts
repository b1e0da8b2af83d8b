import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderInput } from '../../src/contracts/provider.js';
import { requireSandbox } from '../../src/io/sandbox.js';
import { probeProvider } from '../../src/probe/probe.js';
import { handshakeMcp } from '../../src/provider-runtime/mcp.js';
import { tempDir } from '../helpers/temp.js';
import { BROKEN, brokenMcp, sampleTask } from '../probe/support.js';

const SANDBOX = await requireSandbox();
const MISBEHAVING = join(BROKEN, 'misbehaving.mjs');

/** The misbehaving fixture as a provider whose sample call asks it what it did; `expect` what the answer must hold. */
function misbehaving(args: string[], expect: string[] = [], overrides: Partial<ProviderInput> = {}) {
  return brokenMcp('misbehaving.mjs', args, {
    allowedTools: ['status'],
    probe: { sample: { tool: 'status', args: {}, expect } },
    ...overrides,
  });
}

/** Pids of running processes whose command line holds `tag`. */
function processesTagged(tag: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(tag);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** A bare MCP session with the fixture, as the probe ran servers before it was contained. */
async function bareSession(args: string[], env: Record<string, string>): Promise<void> {
  const cwd = await tempDir();
  await handshakeMcp({ type: 'stdio', command: process.execPath, args: [MISBEHAVING, ...args], cwd, env }, 20_000, {
    tool: 'status',
    args: {},
  });
}

describe('a provider that leaves a detached daemon fails the probe', () => {
  it('positive control: closing a plain MCP session ends its process group, and the daemon lives on', async () => {
    const tag = `crossover-daemon-${randomUUID()}`;
    await bareSession(['--daemon', tag], { PATH: process.env.PATH ?? '' });
    const alive = processesTagged(tag);
    leftovers.push(...alive);
    expect(alive).toHaveLength(1);
  });

  it('in the sandbox: excluded for the survivor, and no process of it is left', async () => {
    const tag = `crossover-daemon-${randomUUID()}`;
    const record = await probeProvider(misbehaving(['--daemon', tag]), {
      sandbox: SANDBOX,
      root: await tempDir(),
      sampleTask: await sampleTask(),
    });
    leftovers.push(...processesTagged(tag));
    expect(record.identity.containment).toMatchObject({ sandbox: 'bubblewrap', survivors: { status: 'failed' } });
    expect(record.eligibility.status).toBe('excluded');
    expect(record.eligibility.reasons).toEqual([
      'survivor: the provider left provider processes running after their step ended (setup: node); a provider process must end with the command or session that started it',
    ]);
    expect(processesTagged(tag)).toEqual([]);
  });

  it('probed bare (sandbox none), the survivor check still fails it and the marker sweep ends the daemon', async () => {
    const tag = `crossover-daemon-${randomUUID()}`;
    const record = await probeProvider(misbehaving(['--daemon', tag]), { sandbox: null, root: await tempDir() });
    leftovers.push(...processesTagged(tag));
    expect(record.identity.containment.survivors.status).toBe('failed');
    expect(record.eligibility.reasons[0]).toMatch(/^survivor: /);
    expect(processesTagged(tag)).toEqual([]);
  });
});

describe('a provider that writes to HOME sees a fresh one', () => {
  it("positive control: with the caller's HOME, the server writes its consent file there", async () => {
    const home = await tempDir();
    await bareSession(['--write-home'], { PATH: process.env.PATH ?? '', HOME: home });
    expect(readdirSync(home)).toEqual(['.misbehaving-consent']);
  });

  it("in the sandbox: the caller's consent file is not seen, and nothing is written to the caller's HOME", async () => {
    const home = await tempDir();
    await writeFile(join(home, '.misbehaving-consent'), 'telemetry: no\n');
    const record = await probeProvider(misbehaving(['--write-home'], ['consent before: absent']), {
      sandbox: SANDBOX,
      root: await tempDir(),
      sampleTask: await sampleTask(),
      env: { ...process.env, HOME: home },
    });
    expect(record.identity.sample).toEqual({ status: 'ok', detail: null, tool: 'status' });
    expect(record.eligibility.status).toBe('eligible');
    expect(readdirSync(home)).toEqual(['.misbehaving-consent']);
    expect(readFileSync(join(home, '.misbehaving-consent'), 'utf8')).toBe('telemetry: no\n');
  });
});

describe('an undeclared network attempt during the probe is recorded as a finding', () => {
  /** A loopback listener on the host: how many connections reached it. */
  async function listener(): Promise<{ port: number; reached: () => number; close: () => void }> {
    let reached = 0;
    const server = createServer((socket) => {
      reached += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, reached: () => reached, close: () => server.close() };
  }

  it('positive control: probed bare, the provider reaches a host listener', async () => {
    const host = await listener();
    try {
      const record = await probeProvider(misbehaving(['--connect', `127.0.0.1:${host.port}`]), {
        sandbox: null,
        root: await tempDir(),
      });
      expect(record.identity.sample.status).toBe('ok');
      expect(host.reached()).toBe(1);
    } finally {
      host.close();
    }
  });

  it('in the sandbox: the lookup and the connection are recorded and stopped, the host listener is not reached', async () => {
    const host = await listener();
    try {
      const record = await probeProvider(
        misbehaving([
          '--lookup',
          'telemetry.crossover-test.invalid',
          '--connect',
          '203.0.113.7:443',
          '--connect',
          `127.0.0.1:${host.port}`,
        ]),
        { sandbox: SANDBOX, root: await tempDir(), sampleTask: await sampleTask() },
      );
      expect(record.identity.sample.status).toBe('ok');
      expect(record.identity.containment).toEqual({
        sandbox: 'bubblewrap',
        network: 'none',
        survivors: { status: 'ok', detail: null },
        networkObserved: true,
        networkAttempts: [
          { step: 'setup', kind: 'connect', destination: '203.0.113.7:443' },
          { step: 'setup', kind: 'dns', destination: 'telemetry.crossover-test.invalid' },
        ],
      });
      expect(record.identity.limitations).toEqual([
        'no index command: the provider builds no per-task index, so index freshness cannot be checked',
        'undeclared network attempt during setup: connected to 203.0.113.7:443 (stopped by the sandbox)',
        'undeclared network attempt during setup: looked up telemetry.crossover-test.invalid (stopped by the sandbox)',
      ]);
      // A finding, not a reason: the provider still probes eligible.
      expect(record.eligibility.status).toBe('eligible');
      expect(host.reached()).toBe(0);
    } finally {
      host.close();
    }
  });
});
