import type { Plan } from '../contracts/plan.js';
import { type Receipt, statusClass } from '../contracts/receipt.js';
import type { Share, SkillSelection } from '../contracts/scorecard.js';
import { wilsonInterval } from './wilson.js';

function share(count: number, of: number): Share {
  return { count, of, share: of === 0 ? null : count / of, wilson: of === 0 ? null : wilsonInterval(count, of) };
}

/**
 * Selection accuracy, a diagnostic: over the valid trials of tasks that preregister the skill they
 * benefit from (or "none"), how often each arm's agent used that skill and how often it used one it
 * did not need, with 95% Wilson intervals. Trials whose transcript does not show skills are counted
 * as unknown, never as "not used". Pure.
 */
export function skillSelection(plan: Plan, receipts: ReadonlyMap<string, Receipt>): SkillSelection[] {
  const expected = new Map(plan.tasks.flatMap((t) => (t.expectedSkill === null ? [] : [[t.id, t.expectedSkill]])));
  if (expected.size === 0) return [];
  return plan.arms.map((arm) => {
    let known = 0;
    let unknown = 0;
    let withSkill = 0;
    let usedExpected = 0;
    let usedUnneeded = 0;
    for (const trial of plan.schedule.trials) {
      const skill = expected.get(trial.taskId);
      const receipt = receipts.get(trial.id);
      if (trial.arm !== arm.id || skill === undefined || receipt === undefined) continue;
      if (statusClass(receipt.status) === 'invalid') continue;
      const used = receipt.diagnostics.skillsUsed;
      if (used === null) {
        unknown += 1;
        continue;
      }
      known += 1;
      if (skill !== 'none') {
        withSkill += 1;
        if (used.includes(skill)) usedExpected += 1;
      }
      if (used.some((name) => name !== skill)) usedUnneeded += 1;
    }
    return {
      arm: arm.id,
      known,
      unknown,
      expectedUsed: share(usedExpected, withSkill),
      unneededUsed: share(usedUnneeded, known),
    };
  });
}
