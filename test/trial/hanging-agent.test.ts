import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostileTrial, processesWith } from './hostile.js';

describe('an agent that hangs', () => {
  for (const sandbox of ['bubblewrap', 'none'] as const) {
    it(`times out and leaves nothing running (sandbox ${sandbox})`, async () => {
      const marker = `crossover-hang-${randomBytes(6).toString('hex')}`;
      const receipt = await hostileTrial({ script: 'hang.mjs', args: [marker], sandbox, timeoutMs: 1500 });
      expect(receipt.status).toBe('timeout');
      expect(await processesWith(marker)).toEqual([]);
    });
  }
});
