import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { hostileTrial, processesWith } from './hostile.js';

describe('an agent that starts a detached daemon holding its output pipes, then exits', () => {
  for (const sandbox of [...CONTAINED, 'none'] as const) {
    it(`ends the trial and leaves no daemon running (sandbox ${sandbox})`, async () => {
      const marker = `crossover-daemon-${randomBytes(6).toString('hex')}`;
      const receipt = await hostileTrial({ script: 'daemon.mjs', args: [marker], sandbox, timeoutMs: 15_000 });
      expect(receipt.status).toBe('failed');
      expect(await processesWith(marker)).toEqual([]);
    });
  }
});
