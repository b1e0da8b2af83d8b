import { describe, expect, it } from 'vitest';
import { bareProxy, call, initialized, socketOf } from '../helpers/raw-mcp.js';

/** The tool names a tools/list answer offers. */
function offered(message: Record<string, unknown>): string[] {
  return ((message.result as { tools: { name: string }[] }).tools ?? []).map((tool) => tool.name);
}

describe("an arm's allowedTools are enforced by the proxy (issue 35)", () => {
  it('offers only the allowed tools and answers a call of any other itself, recorded, never run', async () => {
    const { proxy, ran } = await bareProxy({ allowedTools: ['lookup'] });
    try {
      const session = await initialized(socketOf(proxy));
      session.send({ jsonrpc: '2.0', id: 'list', method: 'tools/list' });
      expect(offered(await session.until((message) => message.id === 'list'))).toEqual(['lookup']);
      session.send(call(1, 'erase'));
      const refused = await session.until((message) => message.id === 1);
      expect(JSON.stringify(refused.error)).toContain('Unknown tool: erase (this arm may call');
      session.send(call(2, 'lookup'));
      await session.until((message) => message.id === 2);
      expect(await ran()).toEqual(['start', 'call lookup']);
      // Recorded as the agent made them: the refused call is what contamination flags.
      expect(proxy.records().map((record) => [record.tool, record.outcome])).toEqual([
        ['erase', 'error'],
        ['lookup', 'answer'],
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('control: without the list the proxy relays every tool, and the server runs the call', async () => {
    const { proxy, ran } = await bareProxy({ allowedTools: ['lookup'], unguarded: true });
    try {
      const session = await initialized(socketOf(proxy));
      session.send({ jsonrpc: '2.0', id: 'list', method: 'tools/list' });
      expect(offered(await session.until((message) => message.id === 'list'))).toEqual(['lookup', 'erase', 'stall']);
      session.send(call(1, 'erase'));
      await session.until((message) => message.id === 1);
      expect(await ran()).toEqual(['start', 'call erase']);
    } finally {
      await proxy.close();
    }
  });
});
