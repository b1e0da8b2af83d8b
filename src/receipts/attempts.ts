import { type Plan, plannedTrials, type ScheduledTrial } from '../contracts/plan.js';
import { attemptOf, mayReattempt, type Receipt, statusClass } from '../contracts/receipt.js';
import { latestAttempt } from './store.js';

/** The re-attempts one run makes: trial id → the attempt number it runs next; and what was decided, one line each. */
export interface ReattemptSelection {
  attempts: Record<string, number>;
  notes: string[];
}

function label(trial: ScheduledTrial): string {
  return `${trial.taskId} ${trial.arm} #${trial.repeat}`;
}

/**
 * Which trials a `--reattempt` run attempts again, from the latest attempt of each: those whose
 * status the plan's preregistered policy names, below its limit, in schedule order while the
 * budget's maxTrials (which counts attempts: each scheduled trial at least once, each re-run once) has room. Pure.
 */
export function selectReattempts(
  plan: Plan,
  planId: string,
  latest: ReadonlyMap<string, Receipt>,
  requested: boolean,
): ReattemptSelection {
  if (!requested) return { attempts: {}, notes: [] };
  const policy = plan.policy.reattempts;
  if (!policy)
    return {
      attempts: {},
      notes: [
        `--reattempt: nothing is re-attempted: plan ${planId} preregisters no re-attempt policy ($.policy.reattempts of ${plan.experiment.file})`,
      ],
    };
  const invalid = plan.schedule.trials.filter((trial) => {
    const receipt = latest.get(trial.id);
    return receipt !== undefined && statusClass(receipt.status) === 'invalid';
  });
  // Every scheduled trial and reproducibility re-run takes an attempt of the budget, and every
  // re-attempt stored one more.
  let used = plannedTrials(plan).length;
  for (const receipt of latest.values()) used += attemptOf(receipt) - 1;
  const attempts: Record<string, number> = {};
  const notes: string[] = [];
  for (const trial of invalid) {
    const receipt = latest.get(trial.id)!;
    const attempt = attemptOf(receipt);
    if (!mayReattempt(policy, receipt.status, attempt)) {
      const why = (policy.statuses as readonly string[]).includes(receipt.status)
        ? `it had ${policy.max} re-attempt(s), the policy's limit`
        : `the policy does not re-attempt ${receipt.status}`;
      notes.push(`not re-attempted: ${label(trial)} (${receipt.status}, attempt ${attempt}): ${why}`);
    } else if (used >= plan.budget.maxTrials) {
      notes.push(
        `not re-attempted: ${label(trial)} (${receipt.status}): the budget's ${plan.budget.maxTrials} attempts are used`,
      );
    } else {
      attempts[trial.id] = attempt + 1;
      used += 1;
      notes.push(`re-attempting ${label(trial)} (${receipt.status}) as attempt ${attempt + 1}`);
    }
  }
  if (invalid.length === 0) notes.push('--reattempt: no trial ended invalid: nothing to re-attempt');
  return { attempts, notes };
}

/** The latest stored attempt of every scheduled trial that has one, read from the receipts directory. */
export async function latestAttempts(plan: Plan, receiptsDir: string): Promise<Map<string, Receipt>> {
  const latest = new Map<string, Receipt>();
  for (const trial of plan.schedule.trials) {
    const receipt = await latestAttempt(receiptsDir, trial.id);
    if (receipt) latest.set(trial.id, receipt);
  }
  return latest;
}
