import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipt } from '../../fixtures/score/build.js';
import { digestOf, prettyJson } from '../../src/contracts/canonical.js';
import { sealReceipt } from '../../src/contracts/receipt.js';
import { findTrial, parseTrialSelector } from '../../src/receipts/find-trial.js';
import { tempDir } from '../helpers/temp.js';

describe('finding one trial among stored receipts', () => {
  it('names the attempt that counts, the last, when a trial was re-attempted (not "two plans")', async () => {
    const root = await tempDir();
    const plan = fixturePlan({ tasks: 1, repeats: 1, aa: false });
    const planId = digestOf(plan);
    const trial = plan.schedule.trials[0]!;
    const first = fixtureReceipt(plan, planId, trial, { status: 'check-error' });
    const { digest: _digest, ...body } = fixtureReceipt(plan, planId, trial, { status: 'passed' });
    const second = sealReceipt({ ...body, trial: { ...body.trial, attempt: 2 } });
    const dir = join(root, 'receipts');
    await mkdir(dir);
    await writeFile(join(dir, `${trial.id}.json`), prettyJson(first));
    await writeFile(join(dir, `${trial.id}.attempt-2.json`), prettyJson(second));

    for (const text of [trial.id, `${trial.taskId}/${trial.arm}#${trial.repeat}`]) {
      const found = await findTrial(root, parseTrialSelector(text), dir);
      expect(found.receipt.digest).toBe(second.digest);
      expect(found.receiptsDir).toBe(dir);
    }
  });
});
