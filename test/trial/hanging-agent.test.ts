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

describe('a trial whose run is cancelled while the agent hangs', () => {
  it('is cancelled, not graded, and leaves nothing running', async () => {
    const marker = `crossover-cancel-${randomBytes(6).toString('hex')}`;
    const controller = new AbortController();
    const watch = setInterval(() => {
      void processesWith(marker).then((pids) => pids.length > 0 && controller.abort());
    }, 100);
    try {
      const receipt = await hostileTrial({
        script: 'hang.mjs',
        args: [marker],
        timeoutMs: 60_000,
        signal: controller.signal,
      });
      expect(receipt.status).toBe('cancelled');
      expect(receipt.checksRun).toBe(0);
      expect(await processesWith(marker)).toEqual([]);
    } finally {
      clearInterval(watch);
    }
  });
});
