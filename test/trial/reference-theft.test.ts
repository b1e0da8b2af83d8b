import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileTrial, PAGES_TASK } from './hostile.js';

describe('an agent that copies the hidden reference into its workspace by absolute path', () => {
  const reference = join(PAGES_TASK, 'reference');

  it('does not pass inside the sandbox: the reference does not exist there', async () => {
    const receipt = await hostileTrial({ script: 'steal-reference.mjs', args: [reference] });
    expect(receipt.sandbox.kind).toBe('bubblewrap');
    expect(receipt.status).toBe('failed');
    expect(receipt.diagnostics.filesModified).toBe(0);
  });

  it('passes with --sandbox none, which proves the attack works when nothing contains it', async () => {
    const receipt = await hostileTrial({ script: 'steal-reference.mjs', args: [reference], sandbox: 'none' });
    expect(receipt.sandbox).toEqual({ kind: 'none', version: null });
    expect(receipt.status).toBe('passed');
    expect(receipt.diagnostics.filesModified).toBe(1);
  });
});
