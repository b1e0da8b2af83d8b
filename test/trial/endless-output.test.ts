import { describe, expect, it } from 'vitest';
import { OUTPUT_LIMIT, runContained } from '../../src/io/contained-process.js';
import { tempDir } from '../helpers/temp.js';
import { AGENTS_DIR, hostileTrial } from './hostile.js';

describe('an agent that prints without end', () => {
  it('is killed once its output runs far past the bound: an agent error, not a timeout', async () => {
    const receipt = await hostileTrial({ script: 'flood.mjs', timeoutMs: 60_000 });
    expect(receipt.status).toBe('agent-error');
    expect(receipt.findings).toContainEqual({
      kind: 'agent',
      detail: 'the command was killed: its output went on past the bound',
    });
  });

  it('keeps at most the bound of its output, cut with a marker', async () => {
    const cwd = await tempDir();
    const result = await runContained(
      { file: process.execPath, args: [`${AGENTS_DIR}/flood.mjs`], cwd, env: { PATH: process.env.PATH ?? '' } },
      {
        timeoutMs: 60_000,
        signal: new AbortController().signal,
        marker: { variable: 'CROSSOVER_TEST_FLOOD=1', directory: cwd },
      },
    );
    expect(result.flooded).toBe(true);
    expect(result.truncated).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(Buffer.byteLength(result.stdout)).toBeLessThan(OUTPUT_LIMIT + 100);
    expect(result.stdout).toContain(`[crossover: output cut after ${OUTPUT_LIMIT} bytes]`);
  });
});
