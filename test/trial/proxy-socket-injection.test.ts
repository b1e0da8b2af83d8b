import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { AGENT_GID, AGENT_UID, SETPRIV } from '../../src/io/sandbox.js';
import { RELAY_PATH, SESSION_LIMIT } from '../../src/trial/mcp-proxy.js';
import { bareProxy, call, rawSession, socketOf } from '../helpers/raw-mcp.js';

const ROOT = process.getuid?.() === 0;
/** Another local user: neither the agent's uid nor root. */
const INTRUDER = 23456;
const AGENT = { kind: 'unprivileged' as const, uid: AGENT_UID, gid: AGENT_GID };

/**
 * The relay started as `uid`, as a process of that user would, writing a handshake and one call;
 * its stdin stays open until the call is answered (or the relay ends), then closes.
 */
async function relayAs(uid: number, socket: string) {
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  };
  const argv = [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', process.execPath, RELAY_PATH, socket];
  const child = execa(SETPRIV, argv, { reject: false, timeout: 20_000, stdin: 'pipe' });
  child.stdin.write(`${[init, call(1, 'lookup')].map((message) => JSON.stringify(message)).join('\n')}\n`);
  let stdout = '';
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('ran lookup')) resolve();
    });
    void child.then(() => resolve());
  });
  child.stdin.end();
  const done = await child;
  return { exitCode: done.exitCode, stdout, stderr: String(done.stderr) };
}

async function modeAndOwner(path: string): Promise<[string, number]> {
  const info = await stat(path);
  return [(info.mode & 0o777).toString(8), info.uid];
}

describe('the proxy’s sockets are the agent’s alone', () => {
  it('sockets sit in a 0700 directory, each 0600, owned by whoever connects (the agent’s uid as root)', async () => {
    const { proxy } = await bareProxy(ROOT ? { owner: AGENT } : {});
    try {
      const socket = socketOf(proxy);
      const owner = ROOT ? AGENT_UID : process.getuid!();
      expect(await modeAndOwner(dirname(socket))).toEqual(['700', owner]);
      expect(await modeAndOwner(socket)).toEqual(['600', owner]);
    } finally {
      await proxy.close();
    }
  });

  it.runIf(ROOT)('another local user cannot write calls into a live trial’s records; the agent’s uid can', async () => {
    const { proxy, ran } = await bareProxy({ owner: AGENT });
    try {
      const intruder = await relayAs(INTRUDER, socketOf(proxy));
      expect(intruder.exitCode).toBe(1);
      expect(intruder.stderr).toContain('EACCES');
      expect(proxy.records()).toEqual([]);
      const agent = await relayAs(AGENT_UID, socketOf(proxy));
      expect(agent.stdout).toContain('ran lookup');
      expect(proxy.records().map((record) => record.tool)).toEqual(['lookup']);
      expect(await ran()).toEqual(['start', 'call lookup']);
    } finally {
      await proxy.close();
    }
  });

  it.runIf(ROOT)('control: with the sockets open to every user (mode 0666), another user injects a call', async () => {
    const { proxy } = await bareProxy({ owner: AGENT, unguarded: true });
    try {
      const intruder = await relayAs(INTRUDER, socketOf(proxy));
      expect(intruder.stdout).toContain('ran lookup');
      expect(proxy.records().map((record) => record.tool)).toEqual(['lookup']);
    } finally {
      await proxy.close();
    }
  });
});

describe('an agent cannot start provider servers without bound', () => {
  it(`past ${SESSION_LIMIT} sessions with a server, a trial’s connection is refused with a finding`, async () => {
    for (const unguarded of [false, true]) {
      const { proxy, ran } = await bareProxy({ unguarded });
      const sessions = [];
      try {
        for (let i = 0; i < SESSION_LIMIT + 2; i += 1) {
          const session = await rawSession(socketOf(proxy));
          session.send(call(1, 'lookup'));
          sessions.push(session);
        }
        const expected = unguarded ? SESSION_LIMIT + 2 : SESSION_LIMIT;
        for (let i = 0; i < 200 && (await ran()).filter((line) => line === 'start').length < expected; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 20));
        // The control (unguarded): every connection starts a server of its own.
        expect((await ran()).filter((line) => line === 'start')).toHaveLength(expected);
        const refused = proxy.findings().map((finding) => finding.detail);
        expect(refused).toEqual(
          unguarded
            ? []
            : [expect.stringContaining(`a session with bare past the ${SESSION_LIMIT} one trial may open ×2`)],
        );
      } finally {
        await Promise.all(sessions.map((session) => session.close()));
        await proxy.close();
      }
    }
  });
});
