import { describe, expect, it } from 'vitest';
import { LINE_LIMIT, lineRelay, messagesOf } from '../../src/trial/json-lines.js';
import { agentLine, serverLine, toolFilter } from '../../src/trial/mcp-tool-filter.js';

/** A relay that collects what it writes, as one string. */
function collecting(onLine: (line: string) => string | null, long: 'pass' | 'drop') {
  const written: (Buffer | string)[] = [];
  const relay = lineRelay(onLine, (bytes) => written.push(bytes), long);
  return { relay, text: () => Buffer.concat(written.map((part) => Buffer.from(part))).toString('utf8') };
}

describe('the MCP proxy relays JSON-RPC line by line', () => {
  it('writes each line whole once its newline arrives, changed or left out as onLine says', () => {
    const { relay, text } = collecting((line) => (line === 'drop' ? null : line === 'b' ? 'B' : line), 'pass');
    relay.push(Buffer.from('a\nd'));
    expect(text()).toBe('a\n');
    relay.push(Buffer.from('rop\nb\nc'));
    relay.push(Buffer.from('\n'));
    expect(text()).toBe('a\nB\nc\n');
  });

  it('passes a line too long to read through unread, or drops it; the next line is read again', () => {
    const long = Buffer.alloc(LINE_LIMIT + 10, 'x');
    for (const mode of ['pass', 'drop'] as const) {
      const seen: string[] = [];
      const { relay, text } = collecting((line) => {
        seen.push(line.slice(0, 5));
        return line;
      }, mode);
      const answered: string[] = [];
      relay.push(long.subarray(0, LINE_LIMIT + 1));
      // written between two lines: after the long one has ended, never inside it
      relay.between(() =>
        answered.push(text().length === (mode === 'pass' ? long.length + 1 : 0) ? 'after' : 'inside'),
      );
      expect(answered).toEqual([]);
      relay.push(Buffer.concat([long.subarray(LINE_LIMIT + 1), Buffer.from('\nnext\n')]));
      expect(answered).toEqual(['after']);
      expect(seen).toEqual(['next']);
      expect(text().length).toBe(mode === 'pass' ? long.length + 1 + 'next\n'.length : 'next\n'.length);
    }
  });
});

describe("the arm's tool filter", () => {
  const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

  it('takes a refused call out of a batch and answers it, forwarding the rest', () => {
    const filter = toolFilter(['search_code']);
    const line = JSON.stringify([call(1, 'search_code'), call(2, 'find_symbol')]);
    const { messages, batch } = messagesOf(line);
    const { forward, answers } = agentLine(line, messages, batch, filter);
    expect(JSON.parse(forward as string)).toEqual([call(1, 'search_code')]);
    expect(answers).toEqual([
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32602, message: 'Unknown tool: find_symbol (this arm may call search_code)' },
      },
    ]);
  });

  it('filters only the answers to tools/list, and changes nothing without named tools', () => {
    const filter = toolFilter(['search_code']);
    const tools = [{ name: 'search_code' }, { name: 'find_symbol' }];
    const list = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    agentLine(list, messagesOf(list).messages, false, filter);
    const answer = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools } });
    expect(JSON.parse(serverLine(answer, messagesOf(answer).messages, false, filter)).result.tools).toEqual([
      { name: 'search_code' },
    ]);
    // an answer with the same id to anything else is left alone, byte for byte
    expect(serverLine(answer, messagesOf(answer).messages, false, filter)).toBe(answer);
    const open = toolFilter([]);
    const refusedNothing = JSON.stringify(call(3, 'find_symbol'));
    expect(agentLine(refusedNothing, messagesOf(refusedNothing).messages, false, open).forward).toBe(refusedNothing);
  });
});
