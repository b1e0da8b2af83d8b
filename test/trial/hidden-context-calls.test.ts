import { describe, expect, it } from 'vitest';
import { LINE_LIMIT } from '../../src/trial/mcp-guard.js';
import { bareProxy, call, initialized, type Message, socketOf } from '../helpers/raw-mcp.js';

/** A tools/call padded past the proxy's line limit: a server without a limit of its own runs it. */
function oversizedCall(id: number): string {
  const padding = 'x'.repeat(LINE_LIMIT + 1024);
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'lookup', arguments: { padding } },
  });
}

/** A tools/call with no id: never answered, so never recorded, though a lax server runs it. */
const NOTIFICATION = JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'lookup' } });

const refusal = (message: Message) => message.error !== undefined;

describe('hidden context calls: what the proxy cannot read never reaches the server', () => {
  it('a line over the limit is refused with a finding, never relayed unread', async () => {
    const { proxy, ran } = await bareProxy();
    try {
      const session = await initialized(socketOf(proxy));
      session.send(oversizedCall(7));
      expect((await session.until(refusal)).id).toBeNull();
      // What follows the refused line is read as usual.
      session.send(call(8, 'lookup'));
      await session.until((message) => message.id === 8);
      expect(await ran()).toEqual(['start', 'call lookup']);
      expect(proxy.records().map((record) => record.tool)).toEqual(['lookup']);
      expect(proxy.findings()[0]?.detail).toContain(`a line longer than ${LINE_LIMIT} bytes from the agent ×1`);
    } finally {
      await proxy.close();
    }
  });

  it('control: relayed unread as before, the server answers a call the proxy never recorded', async () => {
    const { proxy, ran } = await bareProxy({ unguarded: true });
    try {
      const session = await initialized(socketOf(proxy));
      session.send(oversizedCall(7));
      expect((await session.until((message) => message.id === 7)).result).toBeDefined();
      expect(await ran()).toEqual(['start', 'call lookup']);
      expect(proxy.records()).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('a tools/call sent as a notification is refused; relayed as before, a lax server runs it unrecorded', async () => {
    for (const unguarded of [false, true]) {
      const { proxy, ran } = await bareProxy({ unguarded });
      try {
        const session = await initialized(socketOf(proxy));
        session.send(NOTIFICATION);
        session.send(call(9, 'lookup'));
        await session.until((message) => message.id === 9);
        expect(proxy.records().map((record) => record.tool)).toEqual(['lookup']);
        expect(await ran()).toEqual(unguarded ? ['start', 'call lookup', 'call lookup'] : ['start', 'call lookup']);
      } finally {
        await proxy.close();
      }
    }
  });

  it('a second request reusing a pending id is refused: the server runs only what was recorded', async () => {
    const { proxy, ran } = await bareProxy();
    try {
      const session = await initialized(socketOf(proxy));
      session.send(call(5, 'stall'));
      session.send(call(5, 'lookup'));
      await session.until(refusal);
      session.send(call(6, 'lookup'));
      await session.until((message) => message.id === 6);
      expect(await ran()).toEqual(['start', 'call stall', 'call lookup']);
      expect(proxy.records().map((record) => [record.tool, record.outcome])).toEqual([
        ['stall', 'unanswered'],
        ['lookup', 'answer'],
      ]);
    } finally {
      await proxy.close();
    }
  });
});
