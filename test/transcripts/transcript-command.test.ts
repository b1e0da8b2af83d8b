import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { tempDir } from '../helpers/temp.js';

/** Copies of shared/reference/transcripts (real runs, paths rewritten to /run/trial), plus a rollout recorded here. */
const REFERENCE = join(import.meta.dirname, 'fixtures');

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t), cwd: REFERENCE });
  return { code, out, err };
}

describe('crossover transcript', () => {
  it('prints the diagnostics of a saved Claude Code transcript, context-tool calls counted', async () => {
    const { code, out } = await cli(['transcript', 'claude-code', 'claude-code-2.1.332-mcp.jsonl']);
    expect(code).toBe(0);
    expect(out).toContain('tool calls: 3 (1 context-tool calls)');
    expect(out).toContain('search_code ×1');
    expect(out).toContain('files modified: /run/trial/ws/calc.js');
  });

  it('--json gives the parsed observation; Codex --json events say files inspected are unknown', async () => {
    const { code, out } = await cli(['transcript', 'codex', 'codex-0.171.0-basic.jsonl', '--json']);
    expect(code).toBe(0);
    const parsed = JSON.parse(out);
    expect(parsed).toMatchObject({ adapter: 'codex', format: 'codex-events', ended: 'completed' });
    expect(parsed.observation.filesInspected).toBeNull();
    expect(parsed.observation.inputTokens).toBe(4000);
  });

  it('reads a Codex rollout as a rollout', async () => {
    const file = join(import.meta.dirname, 'fixtures/codex-0.171.0-rollout.jsonl');
    const { out } = await cli(['transcript', 'codex', file, '--json']);
    expect(JSON.parse(out)).toMatchObject({ format: 'codex-rollout', observation: { inputTokens: 5000 } });
  });

  it('exits 2 on a file of which no line parses, instead of reporting zero tool calls', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'garbage.jsonl'), 'not json\n{cut\n[1,2]\n');
    const { code, out, err } = await cli(['transcript', 'codex', join(dir, 'garbage.jsonl')]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('no line is a JSON event (3 non-blank lines, none parsed)');
  });

  it('names the lines it skipped in a partly garbled transcript', async () => {
    const dir = await tempDir();
    const good = await readFile(join(REFERENCE, 'claude-code-2.1.332-mcp.jsonl'), 'utf8');
    await writeFile(join(dir, 'cut.jsonl'), `garbage\n${good}{"type":"assist`);
    const { code, out, err } = await cli(['transcript', 'claude-code', join(dir, 'cut.jsonl')]);
    expect(code).toBe(0);
    expect(out).toContain('tool calls: 3 (1 context-tool calls)');
    const last = `${good}`.split('\n').length + 1;
    expect(err).toContain(`2 line(s) could not be parsed and were skipped: line 1, ${last}`);
  });

  it('refuses an unknown agent and a missing file with a reason', async () => {
    expect((await cli(['transcript', 'gemini', 'x.jsonl'])).err).toMatch(/expected claude-code or codex/);
    const missing = await cli(['transcript', 'codex', 'nope.jsonl']);
    expect(missing.code).not.toBe(0);
    expect(missing.err).toMatch(/nope\.jsonl: no such transcript file/);
  });
});
