import { describe, expect, it } from 'vitest';
import {
  type FixtureOptions,
  fixturePlan,
  fixtureReceipt,
  fixtureReceipts,
  type TrialSpec,
  trialDraw,
} from '../../fixtures/score/build.js';
import { CrossoverError } from '../../src/contracts/errors.js';
import type { ScheduledTrial } from '../../src/contracts/plan.js';
import { type Eligibility, type Scorecard, ScorecardSchema } from '../../src/contracts/scorecard.js';
import { buildScorecard, exactSignTest, holmAdjust } from '../../src/score/index.js';

const passed: TrialSpec = { status: 'passed' };
const failed: TrialSpec = { status: 'failed' };

/**
 * Scores a fixture plan whose trials end as `decide` says, and checks the result is a valid
 * scorecard. No verdict reads the simulated power figures, so these tests leave them out.
 */
function score(
  options: FixtureOptions,
  decide: (trial: ScheduledTrial) => TrialSpec | null,
  eligibility?: Record<string, Eligibility>,
): Scorecard {
  const plan = fixturePlan(options);
  const { planId, receipts } = fixtureReceipts(plan, decide);
  const scorecard = buildScorecard({ plan, planId, receipts, eligibility, simulations: 0 });
  return ScorecardSchema.parse(scorecard);
}

const comparison = (scorecard: Scorecard, arm: string) => scorecard.comparisons.find((c) => c.arm === arm)!;
const armOf = (scorecard: Scorecard, arm: string) => scorecard.arms.find((a) => a.id === arm)!;

/** Stage 2, powered: 40 tasks × 3 repeats, an A/A arm that behaves as the baseline. */
const powered: FixtureOptions = { stage: 2, tasks: 40, repeats: 3 };
const treatmentWins = (trial: ScheduledTrial) => (trial.arm.startsWith('treatment') ? passed : failed);

describe('every scheduled trial is counted once, and a missing one is never dropped', () => {
  it('a scheduled trial with no receipt makes the comparison incomplete and keeps its place in every denominator', () => {
    let dropped: ScheduledTrial | undefined;
    const scorecard = score(powered, (trial) => {
      if (!dropped && trial.arm === 'treatment-a') {
        dropped = trial;
        return null;
      }
      return treatmentWins(trial);
    });
    const treatment = armOf(scorecard, 'treatment-a');
    expect(treatment.trials).toMatchObject({ scheduled: 120, success: 119, failure: 0, invalid: 0, missing: 1 });
    const result = comparison(scorecard, 'treatment-a');
    expect(result.verdict).toBe('incomplete');
    expect(result.reasons).toContain('treatment-a: 1 of 120 scheduled trials have no receipt');
    expect(result.tasks).toEqual({ scheduled: 40, paired: 39, unpaired: [dropped!.taskId], droppable: 8 });
    const cell = scorecard.matrix
      .find((row) => row.taskId === dropped!.taskId)!
      .cells.find((c) => c.arm === 'treatment-a')!;
    expect(cell).toMatchObject({ success: 2, missing: 1, rate: 1 });
    expect(scorecard.gaps).toContainEqual(expect.objectContaining({ kind: 'missing', arm: 'treatment-a', count: 1 }));
  });

  it('an arm with no receipts at all is shown as 0 valid trials with unknown rates, not as a rate of 0', () => {
    const scorecard = score(powered, (trial) => (trial.arm === 'treatment-a' ? null : failed));
    const treatment = armOf(scorecard, 'treatment-a');
    expect(treatment.trials.missing).toBe(120);
    expect(treatment.successRate).toBeNull();
    expect(treatment.interval).toBeNull();
    expect(treatment.diagnostics.inputTokens).toEqual({ mean: null, known: 0 });
    expect(comparison(scorecard, 'treatment-a')).toMatchObject({ delta: null, interval: null, verdict: 'incomplete' });
  });
});

describe('invalid trials are excluded from pairs, counted and shown', () => {
  it('a contaminated baseline trial leaves its task out of every pair; within the preregistered share the verdicts stand, with their sensitivity', () => {
    let contaminated: ScheduledTrial | undefined;
    const scorecard = score(powered, (trial) => {
      if (!contaminated && trial.arm === 'baseline') {
        contaminated = trial;
        return { status: 'contaminated' };
      }
      return treatmentWins(trial);
    });
    const baseline = armOf(scorecard, 'baseline');
    expect(baseline.trials).toMatchObject({ scheduled: 120, failure: 119, invalid: 1, contaminated: 1 });
    expect(baseline.invalidByStatus).toEqual({ contaminated: 1 });
    for (const result of [comparison(scorecard, 'treatment-a'), scorecard.aa[0]!]) {
      expect(result.tasks.unpaired).toEqual([contaminated!.taskId]);
      expect(result.tasks).toMatchObject({ paired: 39, droppable: 8 });
    }
    const result = comparison(scorecard, 'treatment-a');
    expect(result.verdict).toBe('better');
    // The dropped task's one invalid baseline repeat imputed as a success (worst) or a failure (best).
    expect(result.sensitivity).toMatchObject({
      dropped: 1,
      worst: { claim: 'better', delta: 1 - 1 / 120 },
      best: { claim: 'better', delta: 1 },
    });
    expect(result.reasons).toContain(
      '1 tasks dropped for invalid trials (8 allowed): imputed worst case better (Δ = +0.992, Holm p = 1.8e-12), best case better (Δ = +1.000, Holm p = 1.8e-12)',
    );
  });

  it('beyond the preregistered share of dropped tasks the comparison is incomplete, naming the statuses', () => {
    const scorecard = score({ ...powered, policy: { maxDroppedShare: 0.1 } }, (trial) =>
      trial.arm === 'treatment-a' && trial.repeat === 1 && trial.taskId <= 'task-0005'
        ? { status: 'api-fault' }
        : treatmentWins(trial),
    );
    const result = comparison(scorecard, 'treatment-a');
    expect(result.tasks).toMatchObject({ paired: 35, droppable: 4 });
    expect(result.verdict).toBe('incomplete');
    expect(result.reasons).toEqual([
      '5 of 40 tasks dropped for invalid trials, more than the 4 the missing-data rule allows (5 of 120 trials of treatment-a invalid (api-fault 5))',
    ]);
    const within = score({ ...powered, policy: { maxDroppedShare: 0.125 } }, (trial) =>
      trial.arm === 'treatment-a' && trial.repeat === 1 && trial.taskId <= 'task-0005'
        ? { status: 'api-fault' }
        : treatmentWins(trial),
    );
    expect(comparison(within, 'treatment-a')).toMatchObject({ verdict: 'better', tasks: { droppable: 5 } });
  });

  it('a receipt that says passed while its own required check failed is not a success', () => {
    const scorecard = score(powered, (trial) =>
      trial.arm === 'treatment-a' && trial.repeat === 1
        ? {
            status: 'passed',
            checks: [{ id: 'required-behaviour', kind: 'required', status: 'fail', message: 'wrong total' }],
          }
        : treatmentWins(trial),
    );
    const treatment = armOf(scorecard, 'treatment-a');
    expect(treatment.trials).toMatchObject({ success: 80, invalid: 40, unsupportedPass: 40 });
    expect(comparison(scorecard, 'treatment-a').verdict).toBe('incomplete');
    expect(scorecard.gaps).toContainEqual(
      expect.objectContaining({ kind: 'unsupported-pass', arm: 'treatment-a', count: 40 }),
    );
  });
});

describe('only hidden checks decide outcomes', () => {
  it('a treatment with fewer tokens that failed a hidden check counts as a failure', () => {
    const scorecard = score(powered, (trial) =>
      trial.arm === 'treatment-a'
        ? { status: 'failed', diagnostics: { inputTokens: 100, outputTokens: 10, toolCalls: 1 } }
        : passed,
    );
    const treatment = armOf(scorecard, 'treatment-a');
    expect(treatment.trials).toMatchObject({ success: 0, failure: 120 });
    expect(treatment.successRate).toBe(0);
    expect(treatment.diagnostics.inputTokens).toEqual({ mean: 100, known: 120 });
    expect(armOf(scorecard, 'baseline').diagnostics.inputTokens).toEqual({ mean: 20_000, known: 120 });
    const result = comparison(scorecard, 'treatment-a');
    expect(result.delta).toBe(-1);
    expect(result.exact).toEqual({ sum: -120, denominator: 3 });
    expect(result.test).toEqual({ method: 'exact', p: 2 / 2 ** 40, draws: null, standardError: null });
    expect(result.secondary.signTest).toMatchObject({ wins: 0, losses: 40 });
    expect(result.baselineOnlyWins).toBe(120);
    expect(result.verdict).toBe('worse');
  });

  it('counts regression failures of valid trials per arm and fails the regression gate when the treatment has more', () => {
    const broke = {
      status: 'failed' as const,
      checks: [
        { id: 'required-behaviour', kind: 'required' as const, status: 'pass' as const, message: '' },
        {
          id: 'kept-behaviour',
          kind: 'regression' as const,
          status: 'fail' as const,
          message: 'broke the plain total',
        },
      ],
    };
    const scorecard = score(powered, (trial) => (trial.arm === 'treatment-a' && trial.repeat === 1 ? broke : failed));
    const result = comparison(scorecard, 'treatment-a');
    // 40 of 120 arm trials regressed, none of the baseline's: the extra share is at least 1/3.
    expect(result.regressions).toMatchObject({
      arm: 40,
      armTrials: 120,
      baseline: 0,
      baselineTrials: 120,
      tolerance: 0.1,
    });
    expect(result.regressions.extraBound!).toBeGreaterThan(1 / 3);
    expect(result.verdict).toBe('unqualified');
    expect(result.reasons).toEqual([
      `regressions gate failed: trials with a failed regression check on paired tasks: 40 of 120 in treatment-a, 0 of 120 in the baseline; exact upper bound of the extra share +${result.regressions.extraBound!.toFixed(3)} ≥ tolerance 0.1 (α = 0.05)`,
    ]);
  });
});

describe('diagnostics are unknown where they were not measured', () => {
  it('relevant-file recall is null where no relevant files were preregistered, even if a receipt carries one', () => {
    const scorecard = score({ ...powered, relevantFiles: false }, () => ({
      status: 'passed',
      diagnostics: { relevantFileRecall: 0.8 },
    }));
    for (const arm of scorecard.arms) expect(arm.diagnostics.relevantFileRecall).toEqual({ mean: null, known: 0 });
    expect(scorecard.matrix.every((row) => row.relevantFiles === false)).toBe(true);
    expect(scorecard.gaps).toContainEqual(
      expect.objectContaining({ kind: 'recall-not-preregistered', arm: null, count: 40 }),
    );
  });

  it('relevant-file recall is averaged where relevant files were preregistered', () => {
    const scorecard = score({ ...powered, relevantFiles: true }, () => ({
      status: 'passed',
      diagnostics: { relevantFileRecall: 0.8 },
    }));
    const recall = armOf(scorecard, 'baseline').diagnostics.relevantFileRecall;
    expect(recall.known).toBe(120);
    expect(recall.mean).toBeCloseTo(0.8, 12);
    expect(scorecard.gaps.some((gap) => gap.kind === 'recall-not-preregistered')).toBe(false);
  });

  it('an unknown cost is null with 0 known, never a cost of 0, and is listed as a gap', () => {
    const scorecard = score(powered, (trial) => ({
      status: 'passed',
      diagnostics: trial.repeat === 1 ? { costUsd: 0.5 } : {},
    }));
    expect(armOf(scorecard, 'baseline').diagnostics.costUsd).toEqual({ mean: 0.5, known: 40 });
    expect(armOf(scorecard, 'baseline').diagnostics.contextToolCalls).toEqual({ mean: 0, known: 120 });
    expect(scorecard.gaps).toContainEqual(
      expect.objectContaining({ kind: 'unknown-diagnostics', arm: 'baseline', count: 80 }),
    );
  });
});

describe('verdicts follow the documented order', () => {
  it('a favorable but underpowered treatment is unqualified, with every failed gate as a reason', () => {
    const scorecard = score({ stage: 2, tasks: 10, repeats: 2 }, treatmentWins);
    const result = comparison(scorecard, 'treatment-a');
    expect(result.delta).toBe(1);
    expect(result.verdict).toBe('unqualified');
    // 20 clean trials a side cannot bound the extra regression share below 0.1 either: 1 − 0.025^(1/20) = 0.168.
    expect(result.reasons).toEqual([
      'tasks gate failed: 10 tasks scheduled, 10 paired (0 dropped for invalid trials, 2 allowed); 30 required',
      'repeats gate failed: 2 repeats per task and arm; 3 required',
      'regressions gate failed: trials with a failed regression check on paired tasks: 0 of 20 in treatment-a, 0 of 20 in the baseline; exact upper bound of the extra share +0.168 ≥ tolerance 0.1 (α = 0.05)',
    ]);
  });

  it('three treatments get raw and Holm-adjusted p-values over the family, and Bonferroni intervals', () => {
    const scorecard = score({ ...powered, treatments: 3 }, (trial) => {
      if (trial.arm === 'treatment-a') return passed;
      if (trial.arm === 'treatment-b') return trialDraw(trial) < 0.6 ? passed : failed;
      return failed;
    });
    expect(scorecard.family).toEqual({ method: 'holm', m: 3, alpha: 0.05, simultaneousAlpha: 0.05 / 3 });
    const results = ['treatment-a', 'treatment-b', 'treatment-c'].map((arm) => comparison(scorecard, arm));
    for (const result of results) {
      const { wins, losses } = result.secondary.signTest;
      expect(result.secondary.signTest.p).toBe(exactSignTest(wins, losses));
    }
    expect(results.map((r) => r.pAdjusted)).toEqual(holmAdjust(results.map((r) => r.test.p)));
    // 40 tasks all +1: only the all-plus and all-minus sign vectors are as extreme.
    expect(results[0]!.test.p).toBe(2 / 2 ** 40);
    expect(results[0]!.pAdjusted).toBe(3 * (2 / 2 ** 40));
    // Every d_t = 1: any shift δ < 1 leaves 40 positive differences, rejected; δ = 1 leaves all ties.
    // Holm tests the smallest p first, at α/3; its interval is at that level, as is the simultaneous one.
    expect(results[0]!.interval).toEqual({ method: 'sign-flip-inversion', alpha: 0.05 / 3, low: 1, high: 1 });
    expect(results[0]!.simultaneous).toEqual({ alpha: 0.05 / 3, low: 1, high: 1 });
    expect(results.map((r) => r.verdict)).toEqual(['better', expect.any(String), 'no-detectable-difference']);
    expect(results[2]!.secondary.signTest).toMatchObject({ wins: 0, losses: 0, ties: 40, p: 1 });
    expect(results[2]!.test.p).toBe(1);
    expect(scorecard.aa[0]).toMatchObject({
      delta: 0,
      blocks: false,
      interval: expect.objectContaining({ alpha: 0.05 }),
    });
  });

  it('a treatment worse than the baseline is kept as worse', () => {
    const scorecard = score(powered, (trial) => (trial.arm === 'treatment-a' ? failed : passed));
    expect(comparison(scorecard, 'treatment-a')).toMatchObject({ verdict: 'worse', delta: -1 });
  });

  it('a feasibility (stage 1) plan is descriptive', () => {
    const scorecard = score({ stage: 1, tasks: 4, repeats: 2, aa: false, treatments: 3 }, treatmentWins);
    for (const result of scorecard.comparisons) {
      expect(result.verdict).toBe('descriptive');
      expect(result.reasons).toEqual([
        'stage 1 is a feasibility run: descriptive only',
        'no preregistered aa-control arm: no A/A noise floor',
      ]);
      expect(result.delta).toBe(1);
    }
  });

  it('a synthetic-agent run can never be qualified, however strong and well-powered', () => {
    const scorecard = score({ ...powered, synthetic: true }, treatmentWins);
    expect(scorecard.synthetic).toBe(true);
    expect(comparison(scorecard, 'treatment-a').verdict).toBe('descriptive');
    expect(comparison(scorecard, 'treatment-a').reasons).toEqual([
      'a synthetic agent took part: results can never be qualified',
    ]);
  });

  it('receipts that report a synthetic agent make the run descriptive even when the plan says otherwise', () => {
    const scorecard = score(powered, (trial) => ({ ...treatmentWins(trial), synthetic: trial.arm === 'treatment-a' }));
    expect(scorecard.synthetic).toBe(true);
    expect(comparison(scorecard, 'treatment-a').verdict).toBe('descriptive');
  });

  it('an ineligible or blocked arm is excluded before anything else', () => {
    const scorecard = score({ ...powered, treatments: 2 }, () => null, {
      'treatment-a': { status: 'excluded', reasons: ['the provider exposes no tools'] },
      'treatment-b': { status: 'blocked', reasons: ['egress to api.example.com not approved'] },
    });
    expect(comparison(scorecard, 'treatment-a')).toMatchObject({
      verdict: 'excluded',
      reasons: ['arm treatment-a is excluded: the provider exposes no tools'],
    });
    expect(comparison(scorecard, 'treatment-b').reasons).toEqual([
      'arm treatment-b is blocked: egress to api.example.com not approved',
    ]);
    expect(scorecard.gaps).toContainEqual(expect.objectContaining({ kind: 'ineligible', arm: 'treatment-a' }));
  });

  it('an arm whose provider the probe found ineligible is excluded even when no eligibility is passed', () => {
    const plan = fixturePlan(powered);
    const provider = {
      id: 'code-search',
      kind: 'search' as const,
      mode: 'local' as const,
      interface: 'mcp-stdio' as const,
      version: '1.0.0',
      configDigest: `sha256:${'1'.repeat(64)}`,
      launch: null,
      url: null,
      index: null,
      files: [],
      install: null,
      probeDigest: `sha256:${'2'.repeat(64)}`,
      eligibility: 'excluded' as const,
      eligibilityReasons: ['no-tools: the provider offers no tools; an agent could call nothing'],
      tools: [],
      sendsSource: false,
    };
    const withProvider = { ...plan, arms: plan.arms.map((a) => (a.id === 'treatment-a' ? { ...a, provider } : a)) };
    const { planId, receipts } = fixtureReceipts(withProvider, treatmentWins);
    const result = buildScorecard({ plan: withProvider, planId, receipts }).comparisons[0]!;
    expect(result).toMatchObject({
      verdict: 'excluded',
      reasons: ['arm treatment-a is excluded: no-tools: the provider offers no tools; an agent could call nothing'],
    });
  });

  it('a noisy A/A arm fails the A/A gate', () => {
    const scorecard = score(powered, (trial) =>
      trial.arm === 'aa-control' || trial.arm === 'treatment-a' ? passed : failed,
    );
    expect(scorecard.aa[0]).toMatchObject({ delta: 1, blocks: true });
    const result = comparison(scorecard, 'treatment-a');
    expect(result.verdict).toBe('unqualified');
    expect(result.reasons).toEqual([
      'aa-noise gate failed: A/A arm aa-control differs from the baseline: p = 1.8e-12 ≤ α = 0.05 (Δ_AA = +1.000)',
    ]);
  });

  it('a plan without an aa-control arm is descriptive', () => {
    const scorecard = score({ ...powered, aa: false }, treatmentWins);
    expect(comparison(scorecard, 'treatment-a').reasons).toEqual([
      'no preregistered aa-control arm: no A/A noise floor',
    ]);
  });

  it('noninferiority comes from exact bounds on bounded rates: near the ceiling it is reachable, from all-tied middling data it is not', () => {
    // Treatment and baseline draw the same outcome on each task and repeat, except that the
    // treatment loses one repeat on task 1 (Δ = −1/120, p = 1).
    const decide = (margin: number, passing: (trial: ScheduledTrial) => boolean) =>
      comparison(
        score({ ...powered, policy: { noninferiorityMargin: margin } }, (trial) => {
          if (trial.arm === 'treatment-a' && trial.taskId === 'task-0001' && trial.repeat === 1) return failed;
          return passing(trial) ? passed : failed;
        }),
        'treatment-a',
      );
    // Near the ceiling: 119 of 120 against 120 of 120. The arm's exact lower bound at α/4 = 0.0125
    // (m = 1) solves p^120 + 120·p^119·(1 − p) = 0.0125: 0.94800; the baseline's upper bound is 1.
    const ceiling = decide(0.1, () => true);
    expect(ceiling.verdict).toBe('noninferior');
    expect(ceiling.noninferiority).toMatchObject({ margin: 0.1, level: 0.025, holds: true });
    expect(ceiling.noninferiority!.bound).toBeCloseTo(0.9480023201179701 - 1, 12);
    expect(ceiling.reasons[1]).toBe(
      'Δ ≥ -0.052 (exact binomial bounds, one-sided 0.0250) > -0.1 (noninferiority margin)',
    );
    // Half the tasks always pass, half never (d_t = 0 on 39 tasks): an inverted shift test would give
    // a zero-width interval here; the binomial bounds still leave Δ ≥ −0.30, no noninferiority at 0.1.
    const middling = decide(0.1, (trial) => trial.taskId < 'task-0021');
    expect(middling.verdict).toBe('no-detectable-difference');
    expect(middling.noninferiority!.holds).toBe(false);
    expect(middling.noninferiority!.bound).toBeLessThan(-0.1);
    expect(middling.reasons[1]).toContain('noninferiority not shown');
  });
});

describe('receipts must belong to the plan', () => {
  const plan = fixturePlan({ tasks: 2, repeats: 1 });
  const { planId, receipts } = fixtureReceipts(plan, () => passed);

  function refusal(run: () => unknown): string {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(CrossoverError);
      expect((error as CrossoverError).code).toBe('conflict');
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  }

  it('refuses a receipt of another plan', () => {
    const other = fixturePlan({ id: 'another-experiment', tasks: 2, repeats: 1 });
    const foreign = fixtureReceipts(other, () => passed).receipts;
    expect(refusal(() => buildScorecard({ plan, planId, receipts: [...receipts.slice(1), foreign[0]!] }))).toContain(
      'belongs to plan',
    );
  });

  it('refuses a receipt whose trial is not in the schedule', () => {
    const stray = fixtureReceipt(plan, planId, { ...plan.schedule.trials[0]!, id: 'f'.repeat(24) }, passed);
    expect(refusal(() => buildScorecard({ plan, planId, receipts: [...receipts, stray] }))).toContain(
      'not in the schedule',
    );
  });

  it('refuses two different receipts for one trial, and merges an identical duplicate', () => {
    const second = fixtureReceipt(plan, planId, plan.schedule.trials[0]!, failed);
    expect(refusal(() => buildScorecard({ plan, planId, receipts: [...receipts, second] }))).toContain(
      'two different receipts',
    );
    const merged = buildScorecard({ plan, planId, receipts: [...receipts, receipts[0]!] });
    expect(merged).toEqual(buildScorecard({ plan, planId, receipts }));
  });

  it('refuses a receipt that describes another arm than the one scheduled under its id', () => {
    const trial = plan.schedule.trials[0]!;
    const liar = fixtureReceipt(
      plan,
      planId,
      { ...trial, arm: plan.schedule.trials.find((t) => t.arm !== trial.arm)!.arm },
      passed,
    );
    const forged = { ...liar, trial: { ...liar.trial, id: trial.id } };
    expect(refusal(() => buildScorecard({ plan, planId, receipts: [...receipts.slice(1), forged] }))).toContain(
      '$.trial.arm',
    );
  });

  it('refuses, as the CLI path does, a receipt whose diagnostics are NaN or infinite, naming the trial and field', () => {
    for (const [field, value] of [
      ['inputTokens', Number.NaN],
      ['costUsd', Number.POSITIVE_INFINITY],
    ] as const) {
      const [first, ...rest] = receipts;
      const broken = { ...first!, diagnostics: { ...first!.diagnostics, [field]: value } };
      let error: unknown;
      try {
        buildScorecard({ plan, planId, receipts: [broken, ...rest] });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CrossoverError);
      expect((error as CrossoverError).code).toBe('invalid-input');
      expect((error as Error).message).toContain(`receipt of trial ${first!.trial.id} (attempt 1): invalid`);
      expect((error as Error).message).toContain(`$.diagnostics.${field}`);
    }
  });

  it('gives the same scorecard whatever the order of the receipts', () => {
    expect(buildScorecard({ plan, planId, receipts: [...receipts].reverse() })).toEqual(
      buildScorecard({ plan, planId, receipts }),
    );
  });
});
