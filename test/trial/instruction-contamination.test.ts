import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { hostileTrial, PAGES_TASK } from './hostile.js';

describe('an agent that adds AGENTS.md and .mcp.json to its workspace', () => {
  for (const sandbox of CONTAINED)
    it(`makes the trial contaminated (sandbox ${sandbox})`, async () => {
      const receipt = await hostileTrial({ script: 'plant-instructions.mjs', sandbox });
      expect(receipt.sandbox.kind).toBe(sandbox);
      expect(receipt.status).toBe('contaminated');
      const finding = receipt.findings.find((f) => f.kind === 'contamination');
      expect(finding?.detail).toContain('AGENTS.md');
      expect(finding?.detail).toContain('.mcp.json');
    });

  it('is contaminated even when every check passed', async () => {
    const receipt = await hostileTrial({
      script: 'plant-instructions.mjs',
      args: [join(PAGES_TASK, 'reference')],
      sandbox: 'none',
    });
    expect(receipt.checks.every((check) => check.status === 'pass')).toBe(true);
    expect(receipt.status).toBe('contaminated');
  });
});
