import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipt } from '../../fixtures/score/build.js';
import { digestOf } from '../../src/contracts/canonical.js';
import { ExperimentSchema, type Policy, PolicySchema } from '../../src/contracts/experiment.js';
import type { Plan, ScheduledTrial } from '../../src/contracts/plan.js';
import type { Receipt, TrialStatus } from '../../src/contracts/receipt.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { selectReattempts } from '../../src/receipts/attempts.js';
import { buildScorecard } from '../../src/score/index.js';
import { syntheticExperiment } from '../plan/helpers.js';

const policy: Partial<Policy> = { reattempts: { statuses: ['check-error', 'setup-failed'], max: 1 } };

function attempt(plan: Plan, trial: ScheduledTrial, status: TrialStatus, k: number): Receipt {
  const scheduled = k === 1 ? trial : ({ ...trial, attempt: k } as ScheduledTrial);
  return fixtureReceipt(plan, digestOf(plan), scheduled, { status });
}

/** Every trial passed at its first attempt except those `invalid` maps to their attempts' statuses. */
function receiptsOf(plan: Plan, invalid: Map<string, TrialStatus[]>): Receipt[] {
  return plan.schedule.trials.flatMap((trial) =>
    (invalid.get(trial.id) ?? ['passed']).map((status, index) => attempt(plan, trial, status, index + 1)),
  );
}

describe('the re-attempt policy is preregistered and names infrastructure faults only', () => {
  it.each(['passed', 'failed', 'agent-error', 'timeout', 'contaminated'])(
    'refuses a policy that re-attempts %s: that would pick the results',
    (status) => {
      const parsed = ExperimentSchema.safeParse({
        ...syntheticExperiment(),
        policy: { reattempts: { statuses: ['check-error', status], max: 1 } },
      });
      expect(parsed.success).toBe(false);
      const issue = parsed.error!.issues[0]!;
      expect(issue.path).toEqual(['policy', 'reattempts', 'statuses', 1]);
      expect(issue.message).toContain(
        'expected an infrastructure status (check-error, check-starved, agent-starved, api-fault, setup-failed, cleanup-failed, cancelled)',
      );
    },
  );

  it('accepts each infrastructure status, and without a policy none is ever re-attempted', () => {
    const parsed = PolicySchema.parse({
      reattempts: { statuses: ['check-error', 'setup-failed', 'cleanup-failed', 'cancelled'], max: 2 },
    });
    expect(parsed.reattempts?.max).toBe(2);
    expect(PolicySchema.parse({}).reattempts).toBeUndefined();
  });
});

describe('the scorecard counts the last attempt of each scheduled trial and shows the re-attempts', () => {
  it('two check-error trials re-attempted into passes: valid, counted once each, 2 re-attempts shown', () => {
    const plan = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const [first, second] = plan.schedule.trials.filter((t) => t.arm === 'baseline');
    const invalid = new Map<string, TrialStatus[]>([
      [first!.id, ['check-error', 'passed']],
      [second!.id, ['check-error', 'passed']],
    ]);
    const receipts = receiptsOf(plan, invalid);
    expect(receipts).toHaveLength(plan.schedule.trials.length + 2);
    const scorecard = ScorecardSchema.parse(buildScorecard({ plan, planId: digestOf(plan), receipts }));
    const baseline = scorecard.arms.find((arm) => arm.id === 'baseline')!;
    expect(baseline.trials).toMatchObject({ scheduled: 4, success: 4, invalid: 0, reattempts: 2 });
    expect(scorecard.arms.find((arm) => arm.id === 'treatment-a')!.trials.reattempts).toBe(0);
  });

  it('a re-attempt that failed again keeps the trial invalid: its last attempt counts', () => {
    const plan = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const trial = plan.schedule.trials[0]!;
    const receipts = receiptsOf(plan, new Map([[trial.id, ['check-error', 'setup-failed'] as TrialStatus[]]]));
    const arm = buildScorecard({ plan, planId: digestOf(plan), receipts }).arms.find((a) => a.id === trial.arm)!;
    expect(arm.trials).toMatchObject({ invalid: 1, setupFailed: 1, reattempts: 1 });
    expect(arm.invalidByStatus).toEqual({ 'setup-failed': 1 });
  });

  it('refuses a re-attempt of a failed trial: cherry-picking, not a preregistered re-attempt', () => {
    const plan = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const trial = plan.schedule.trials[0]!;
    const receipts = receiptsOf(plan, new Map([[trial.id, ['failed', 'passed'] as TrialStatus[]]]));
    expect(() => buildScorecard({ plan, planId: digestOf(plan), receipts })).toThrow(
      `receipt of trial ${trial.id}: attempt 2 follows a failed attempt 1, which $.policy.reattempts of plan score-fixture does not let be re-attempted`,
    );
  });

  it('refuses re-attempts beyond the limit, without a policy, and with a gap in the attempts', () => {
    const limited = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const trial = limited.schedule.trials[0]!;
    const three = receiptsOf(limited, new Map([[trial.id, ['check-error', 'check-error', 'passed'] as TrialStatus[]]]));
    expect(() => buildScorecard({ plan: limited, planId: digestOf(limited), receipts: three })).toThrow(
      'attempt 3 follows a check-error attempt 2',
    );
    const unregistered = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false });
    const again = receiptsOf(
      unregistered,
      new Map([[unregistered.schedule.trials[0]!.id, ['check-error', 'passed'] as TrialStatus[]]]),
    );
    expect(() => buildScorecard({ plan: unregistered, planId: digestOf(unregistered), receipts: again })).toThrow(
      'follows a check-error attempt 1',
    );
    const gap = receiptsOf(limited, new Map([[trial.id, ['check-error', 'passed'] as TrialStatus[]]])).filter(
      (receipt) => !(receipt.trial.id === trial.id && receipt.trial.attempt === undefined),
    );
    expect(() => buildScorecard({ plan: limited, planId: digestOf(limited), receipts: gap })).toThrow(
      `receipt of trial ${trial.id}: attempt 2 is stored but attempt 1 is not`,
    );
  });
});

describe('a --reattempt run chooses what the policy allows, within the budget, and says why not otherwise', () => {
  const latestOf = (plan: Plan, invalid: Map<string, TrialStatus[]>) => {
    const latest = new Map<string, Receipt>();
    for (const receipt of receiptsOf(plan, invalid)) latest.set(receipt.trial.id, receipt);
    return latest;
  };

  it('without a policy nothing is re-attempted, and the reason names the missing field', () => {
    const plan = fixturePlan({ stage: 1, tasks: 2, repeats: 1, aa: false });
    const latest = latestOf(plan, new Map([[plan.schedule.trials[0]!.id, ['check-error'] as TrialStatus[]]]));
    const selection = selectReattempts(plan, 'p1', latest, true);
    expect(selection.attempts).toEqual({});
    expect(selection.notes).toEqual([
      '--reattempt: nothing is re-attempted: plan p1 preregisters no re-attempt policy ($.policy.reattempts of experiments/fixture.ts)',
    ]);
  });

  it('re-attempts the infrastructure faults, not an agent error, not past the limit, and only when asked', () => {
    const plan = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const [a, b, c, d] = plan.schedule.trials;
    const latest = latestOf(
      plan,
      new Map<string, TrialStatus[]>([
        [a!.id, ['check-error']],
        [b!.id, ['agent-error']],
        [c!.id, ['setup-failed', 'check-error']],
        [d!.id, ['setup-failed']],
      ]),
    );
    expect(selectReattempts(plan, 'p1', latest, false)).toEqual({ attempts: {}, notes: [] });
    const selection = selectReattempts(plan, 'p1', latest, true);
    expect(selection.attempts).toEqual({ [a!.id]: 2, [d!.id]: 2 });
    expect(selection.notes).toContain(
      `not re-attempted: ${c!.taskId} ${c!.arm} #${c!.repeat} (check-error, attempt 2): it had 1 re-attempt(s), the policy's limit`,
    );
    // agent-error is a failure, not invalid: it is data, never a candidate
    expect(selection.notes.join('\n')).not.toContain(`${b!.taskId} ${b!.arm} #${b!.repeat}`);
  });

  it('maxTrials counts attempts: re-attempts stop where the budget ends', () => {
    const base = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const plan = { ...base, budget: { ...base.budget, maxTrials: base.schedule.trials.length + 1 } };
    const [a, b] = plan.schedule.trials;
    const latest = latestOf(
      plan,
      new Map<string, TrialStatus[]>([
        [a!.id, ['check-error']],
        [b!.id, ['check-error']],
      ]),
    );
    const selection = selectReattempts(plan, 'p1', latest, true);
    expect(selection.attempts).toEqual({ [a!.id]: 2 });
    expect(selection.notes).toContain(
      `not re-attempted: ${b!.taskId} ${b!.arm} #${b!.repeat} (check-error): the budget's ${plan.budget.maxTrials} attempts are used`,
    );
  });

  it('maxTrials counts reproducibility re-runs too: they leave no room for a re-attempt', () => {
    const base = fixturePlan({ stage: 1, tasks: 2, repeats: 2, aa: false, policy });
    const [a] = base.schedule.trials;
    const rerun = { of: a!.id, trial: { ...a!, id: 'f'.repeat(24) } };
    const plan = {
      ...base,
      budget: { ...base.budget, maxTrials: base.schedule.trials.length + 1 },
      reproducibility: { tasksPerArm: 1, reruns: [rerun] },
    };
    const latest = latestOf(plan, new Map<string, TrialStatus[]>([[a!.id, ['check-error']]]));
    const selection = selectReattempts(plan, 'p1', latest, true);
    expect(selection.attempts).toEqual({});
    expect(selection.notes).toContain(
      `not re-attempted: ${a!.taskId} ${a!.arm} #${a!.repeat} (check-error): the budget's ${plan.budget.maxTrials} attempts are used`,
    );
  });
});
