import { describe, expect, it } from 'vitest';
import { observedCalls } from '../../src/trial/diagnostics.js';
import { bareProxy, call, initialized, socketOf } from '../helpers/raw-mcp.js';

const BATCH = JSON.stringify(Array.from({ length: 40 }, (_, i) => call(i + 1, 'lookup')));

/** The arm observedCalls needs: a treatment whose provider reaches the agent as a stdio MCP server. */
const ARM = { provider: { interface: 'mcp-stdio' } } as Parameters<typeof observedCalls>[0];
const UNOBSERVED = { toolCalls: null } as Parameters<typeof observedCalls>[1];

describe('phantom context calls: one JSON-RPC batch line of 40 tools/call', () => {
  it('is refused with a finding: nothing reaches the server and no call is recorded', async () => {
    const { proxy, ran } = await bareProxy();
    try {
      const session = await initialized(socketOf(proxy));
      session.send(BATCH);
      const refusal = await session.until((message) => message.error !== undefined);
      expect(refusal.id).toBeNull();
      // The session goes on: a single call after it is relayed, answered and recorded.
      session.send(call(100, 'lookup'));
      await session.until((message) => message.id === 100);
      expect(proxy.records().map((record) => [record.tool, record.outcome])).toEqual([['lookup', 'answer']]);
      expect(await ran()).toEqual(['start', 'call lookup']);
      expect(proxy.findings()).toEqual([
        {
          kind: 'sandbox',
          detail: 'the MCP proxy refused and relayed none of: a JSON-RPC batch from the agent (40 messages) ×1',
        },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('control: relayed unread as before, the batch is 40 recorded calls the server never ran', async () => {
    const { proxy, ran } = await bareProxy({ unguarded: true });
    try {
      const session = await initialized(socketOf(proxy));
      session.send(BATCH);
      await session.until((message) => message.error !== undefined);
      expect(proxy.records()).toHaveLength(40);
      expect(await ran()).toEqual(['start']);
    } finally {
      await proxy.close();
    }
  });
});

describe('a call is recorded with its answer', () => {
  it('a call the server never answered stays unanswered and is counted apart from the calls made', async () => {
    const { proxy, ran } = await bareProxy();
    try {
      const session = await initialized(socketOf(proxy));
      session.send(call(1, 'lookup'));
      await session.until((message) => message.id === 1);
      session.send(call(2, 'stall'));
      for (let i = 0; i < 100 && (await ran()).length < 3; i += 1) await new Promise((r) => setTimeout(r, 20));
      await session.close();
    } finally {
      await proxy.close();
    }
    const records = proxy.records();
    expect(records.map((record) => [record.tool, record.outcome, record.latencyMs === null])).toEqual([
      ['lookup', 'answer', false],
      ['stall', 'unanswered', true],
    ]);
    expect(observedCalls(ARM, UNOBSERVED, records).context).toEqual([{ name: 'lookup', context: true }]);
  });
});
