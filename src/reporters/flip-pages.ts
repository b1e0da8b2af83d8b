import { join } from 'node:path';
import type { Plan } from '../contracts/plan.js';
import { attemptOf, type Receipt } from '../contracts/receipt.js';
import type { Flip } from '../contracts/scorecard.js';
import { writeFileAtomic } from '../io/atomic.js';
import { type FlipSide, renderFlipPage } from './flip-page.js';
import { flipPageHref } from './trial-page-path.js';
import { evidenceOf } from './trial-pages.js';

/** The receipt that counts for each trial: its last attempt. */
function countedReceipts(receipts: readonly Receipt[]): Map<string, Receipt> {
  const counted = new Map<string, Receipt>();
  for (const receipt of receipts) {
    const seen = counted.get(receipt.trial.id);
    if (seen === undefined || attemptOf(seen) < attemptOf(receipt)) counted.set(receipt.trial.id, receipt);
  }
  return counted;
}

/**
 * One page per flip beside the scorecard (its Flips section links them), and none for a task on
 * which the arms agree: each repeat's trial of the treatment next to the baseline's.
 */
export async function writeFlipPages(
  outDir: string,
  flips: readonly Flip[],
  trials: { plan: Plan; receipts: readonly Receipt[]; receiptsDir: string },
): Promise<number> {
  const { plan, receiptsDir } = trials;
  const baseline = plan.arms.find((arm) => arm.role === 'baseline')!.id;
  const counted = countedReceipts(trials.receipts);
  const sides = async (taskId: string, arm: string): Promise<FlipSide[]> => {
    const scheduled = plan.schedule.trials
      .filter((trial) => trial.taskId === taskId && trial.arm === arm)
      .sort((a, b) => a.repeat - b.repeat);
    return Promise.all(
      scheduled.map(async (trial) => {
        const receipt = counted.get(trial.id) ?? null;
        const { evidence, note } =
          receipt === null ? { evidence: null, note: null } : await evidenceOf(receiptsDir, receipt);
        return { arm, repeat: trial.repeat, receipt, evidence, note };
      }),
    );
  };
  for (const flip of flips) {
    const page = renderFlipPage(flip, baseline, await sides(flip.taskId, flip.arm), await sides(flip.taskId, baseline));
    await writeFileAtomic(join(outDir, flipPageHref(flip.arm, flip.taskId)), page);
  }
  return flips.length;
}
