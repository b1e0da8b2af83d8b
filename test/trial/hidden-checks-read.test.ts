import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { hostileTrial, SECRET_TASK } from './hostile.js';

describe('an agent that reads the hidden checks to learn the answer', () => {
  const checks = join(SECRET_TASK, 'checks');

  for (const sandbox of CONTAINED)
    it(`cannot read them inside the sandbox, so it cannot pass (sandbox ${sandbox})`, async () => {
      const receipt = await hostileTrial({ script: 'read-checks.mjs', args: [checks], task: SECRET_TASK, sandbox });
      expect(receipt.sandbox.kind).toBe(sandbox);
      expect(receipt.status).toBe('failed');
      expect(receipt.checks.find((c) => c.id === 'answer-is-the-secret')?.status).toBe('fail');
    });

  it('passes with --sandbox none: the secret is only in the hidden files', async () => {
    const receipt = await hostileTrial({
      script: 'read-checks.mjs',
      args: [checks],
      task: SECRET_TASK,
      sandbox: 'none',
    });
    expect(receipt.status).toBe('passed');
  });
});
