import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { tempDir } from '../helpers/temp.js';
import { hostileTrial } from './hostile.js';

describe('an agent that writes outside its workspace', () => {
  for (const sandbox of CONTAINED)
    it(`leaves nothing on the host: not in a scratch dir, the project root or the real home (sandbox ${sandbox})`, async () => {
      const outside = await tempDir();
      const root = await tempDir();
      const targets = [
        join(outside, 'escaped.txt'),
        join(root, 'escaped.txt'),
        join(root, '.crossover/cache/escaped.txt'),
        '/root/crossover-escaped.txt',
      ];
      const receipt = await hostileTrial({ script: 'write-outside.mjs', args: targets, root, sandbox });
      expect(receipt.sandbox.kind).toBe(sandbox);
      expect(receipt.status).toBe('failed');
      for (const target of targets) expect(existsSync(target), target).toBe(false);
    });

  it('does write there with --sandbox none (the test is real)', async () => {
    const outside = await tempDir();
    const target = join(outside, 'escaped.txt');
    await hostileTrial({ script: 'write-outside.mjs', args: [target], sandbox: 'none' });
    expect(existsSync(target)).toBe(true);
  });
});
