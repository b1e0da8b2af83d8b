import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { hostileTrial, PAGES_TASK } from './hostile.js';

describe('an agent that leaves a symlink to a file outside the workspace', () => {
  // The link is made inside the sandbox, where its target does not exist; grading runs on the
  // host, where it does: the reference's fixed pages.js.
  const target = join(PAGES_TASK, 'reference/src/pages.js');

  for (const sandbox of [...CONTAINED, 'none'] as const) {
    it(`is not followed out by grading: the trial fails with a tampering finding (sandbox ${sandbox})`, async () => {
      const receipt = await hostileTrial({ script: 'symlink-out.mjs', args: ['src/pages.js', target], sandbox });
      expect(receipt.status).toBe('failed');
      expect(receipt.checksRun).toBe(0);
      expect(receipt.findings.some((f) => f.kind === 'tampering' && f.detail.includes('src/pages.js'))).toBe(true);
      expect(JSON.stringify(receipt)).not.toContain(PAGES_TASK);
    });
  }
});
