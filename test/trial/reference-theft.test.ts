import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { hostileTrial, PAGES_TASK } from './hostile.js';

describe('an agent that copies the hidden reference into its workspace by absolute path', () => {
  const reference = join(PAGES_TASK, 'reference');

  for (const sandbox of CONTAINED)
    it(`does not pass inside the sandbox: the reference does not exist there (sandbox ${sandbox})`, async () => {
      const receipt = await hostileTrial({ script: 'steal-reference.mjs', args: [reference], sandbox });
      expect(receipt.sandbox.kind).toBe(sandbox);
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
