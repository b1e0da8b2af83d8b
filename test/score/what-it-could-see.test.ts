import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipt, fixtureReceipts, type TrialSpec, trialDraw } from '../../fixtures/score/build.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { ScheduledTrial } from '../../src/contracts/plan.js';
import type { Receipt, TrialStatus } from '../../src/contracts/receipt.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { buildScorecard } from '../../src/score/index.js';

const stage2 = { stage: 2 as const, tasks: 30, repeats: 3 };

/** A stage-2 scorecard, 30 tasks × 3 repeats, whose cells have the given successes per arm and task. */
function scoreCounts(successes: Record<string, readonly number[]>) {
  const plan = fixturePlan(stage2);
  const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
    status:
      trial.repeat <= successes[trial.arm]![Number.parseInt(trial.taskId.slice(-4), 10) - 1]! ? 'passed' : 'failed',
  }));
  return ScorecardSchema.parse(buildScorecard({ plan, planId, receipts }));
}

const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(3)}`;

describe('a null result says what the experiment could have seen', () => {
  // An underpowered null: Δ = +0.2 (12 tasks up by one, 6 down, 12 tied), p = 0.24; the A/A arm quiet.
  const baseline = [...Array(12).fill(0), ...Array(6).fill(3), ...Array(12).fill(1)];
  const treatment = [...Array(12).fill(3), ...Array(6).fill(0), ...Array(12).fill(1)];
  const scorecard = scoreCounts({ baseline, 'treatment-a': treatment, 'aa-control': baseline });
  const result = scorecard.comparisons[0]!;

  it('the underpowered null states its minimum detectable effect, and that the corpus is too small to see below it', () => {
    expect(result.verdict).toBe('no-detectable-difference');
    const mde = result.mde!;
    expect(mde).toMatchObject({ power: 0.8, alpha: 0.05, tasks: 30, repeats: 3, method: 'normal-approximation' });
    // At 30 tasks × 3 repeats the published effects (+0.05 and the like) lie far below what it can see.
    expect(mde.gain!).toBeGreaterThan(0.1);
    expect(mde.gain!).toBeLessThan(result.interval!.high);
    expect(result.reasons).toContain(
      `too small to see effects below +${mde.gain!.toFixed(3)} / -${mde.loss!.toFixed(3)} (the minimum detectable effects at 80% power): the interval [${signed(result.interval!.low)}, ${signed(result.interval!.high)}] does not rule out larger ones`,
    );
  });

  it('all three formats carry it: the JSON, the Markdown verdict row and reasons, the HTML table and summary', () => {
    const mde = `+${result.mde!.gain!.toFixed(3)} / -${result.mde!.loss!.toFixed(3)}`;
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toContain('| MDE gain / loss |');
    expect(markdown).toMatch(
      new RegExp(
        `\\| treatment-a \\| \\*\\*no-detectable-difference\\*\\* \\|[^\\n]*\\| ${mde.replace(/[+.]/g, '\\$&')} \\|`,
      ),
    );
    expect(markdown).toContain('  - too small to see effects below');
    const html = renderHtml(scorecard);
    expect(html).toContain(`minimum detectable gain / loss ${mde.replace('-', '\u2212')}`);
    expect(html).toContain('too small to see effects below');
  });

  it('a power figure comes with its Monte-Carlo error, and the stated effect is read from the scorecard', () => {
    expect(result.power).toMatchObject({ effect: 0.15, simulations: 200 });
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toContain('| Power at +0.150 |');
    expect(markdown).toMatch(/\| \d\.\d{2} ± 0\.\d{2} \| 30\/30 \|/);
    const scaled = { ...scorecard, comparisons: [{ ...result, power: { ...result.power!, effect: 0.3 } }] };
    expect(renderMarkdown(scaled)).toContain('| Power at +0.300 |');
    expect(renderHtml(scaled)).toContain('Power at +0.300');
  });

  it('a null whose interval excludes both minimum detectable effects says no effect is larger than them', () => {
    // The same outcome in both arms on every task: Δ = 0, a narrow interval.
    const same = Array.from({ length: 30 }, (_, t) => t % 4);
    const c = scoreCounts({ baseline: same, 'treatment-a': same, 'aa-control': same }).comparisons[0]!;
    expect(c.verdict).toBe('no-detectable-difference');
    expect(c.reasons).toContain(
      `no effect larger than +${c.mde!.gain!.toFixed(3)} / -${c.mde!.loss!.toFixed(3)}: the interval [${signed(c.interval!.low)}, ${signed(c.interval!.high)}] excludes both minimum detectable effects (80% power at α/m); smaller effects could still go unseen`,
    );
  });
});

describe('the stage-1 scorecard sizes stage 2', () => {
  it('prints the tasks needed for gains and losses of 0.05, 0.10 and 0.15 at 3 and 5 repeats, in all three formats', () => {
    const plan = fixturePlan({ stage: 1, tasks: 4, repeats: 2, aa: false });
    const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
      status: trialDraw(trial) < 0.5 ? 'passed' : 'failed',
    }));
    const scorecard = ScorecardSchema.parse(buildScorecard({ plan, planId, receipts }));
    const table = scorecard.method.power!;
    expect(table.needed.map((n) => [n.effect, n.repeats])).toEqual(
      [-0.15, -0.1, -0.05, 0.05, 0.1, 0.15].flatMap((effect) => [
        [effect, 3],
        [effect, 5],
      ]),
    );
    // Smaller effects need more tasks; 0.05 needs several hundred at 3 repeats.
    const at3 = (effect: number) => table.needed.find((n) => n.effect === effect && n.repeats === 3)!.tasks!;
    expect(at3(0.15)).toBeLessThan(at3(0.1));
    expect(at3(0.1)).toBeLessThan(at3(0.05));
    expect(at3(0.05)).toBeGreaterThan(300);
    expect(renderMarkdown(scorecard)).toContain('### Sample sizes for stage 2');
    expect(renderMarkdown(scorecard)).toMatch(
      new RegExp(`\\| \\+0\\.050 \\| 3 \\| ${at3(0.05)} \\| not simulated \\|`),
    );
    expect(renderHtml(scorecard)).toContain('<table class="sample-sizes">');
  });
});

describe('pass@k and pass^k per arm, from the repeats', () => {
  it('equal the unbiased estimators over the tasks: 1/3, 3/3 and 0/3 give pass@2 = 5/9, pass^2 = 1/3', () => {
    const plan = fixturePlan({ stage: 1, tasks: 3, repeats: 3, aa: false });
    const successes: Record<string, number> = { 'task-0001': 1, 'task-0002': 3, 'task-0003': 0 };
    const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
      status: trial.repeat <= successes[trial.taskId]! ? 'passed' : 'failed',
    }));
    const arm = buildScorecard({ plan, planId, receipts }).arms[0]!;
    expect(arm.passAtK.map((r) => r.tasks)).toEqual([3, 3, 3]);
    expect(arm.passAtK[0]!.passAtK).toBeCloseTo(4 / 9, 15);
    expect(arm.passAtK[1]!.passAtK).toBeCloseTo(5 / 9, 15);
    expect(arm.passAtK[2]!.passAtK).toBeCloseTo(2 / 3, 15);
    expect(arm.passAtK[1]!.passHatK).toBeCloseTo(1 / 3, 15);
  });
});

describe('infrastructure faults are shown apart, per arm, and never hidden', () => {
  const policy = { reattempts: { statuses: ['check-starved', 'api-fault', 'check-error'] as TrialStatus[], max: 1 } };

  /** The treatment's API faults on 20 trials, re-attempted: 14 into valid trials, 6 faulting again. */
  function faultyRun() {
    const plan = fixturePlan({ ...stage2, policy: policy as never });
    const planId = digestOf(plan);
    const faulty = plan.schedule.trials.filter((t) => t.arm === 'treatment-a' && t.repeat === 1).slice(0, 20);
    const starved = plan.schedule.trials.find((t) => t.arm === 'baseline')!;
    const outcome = (trial: ScheduledTrial): TrialSpec => ({ status: trialDraw(trial) < 0.5 ? 'passed' : 'failed' });
    const { receipts } = fixtureReceipts(plan, (trial) => {
      if (faulty.includes(trial)) return { status: 'api-fault' };
      if (trial === starved) return { status: 'check-starved' };
      return outcome(trial);
    });
    const second = (trial: ScheduledTrial, spec: TrialSpec): Receipt =>
      fixtureReceipt(plan, planId, { ...trial, attempt: 2 } as ScheduledTrial, spec);
    const retries = faulty.map((trial, i) => second(trial, i < 14 ? outcome(trial) : { status: 'api-fault' }));
    return { plan, planId, receipts: [...receipts, ...retries, second(starved, outcome(starved))] };
  }

  it('counts every attempt per arm, flags the differential rate with Fisher, and lists the faults as gaps', () => {
    const run = faultyRun();
    const scorecard = ScorecardSchema.parse(buildScorecard({ ...run, simulations: 0 }));
    const [baseline, treatment, aa] = scorecard.arms;
    expect(baseline!.infrastructure).toMatchObject({
      trials: 90,
      faulted: 1,
      byStatus: { 'check-starved': 1 },
      unresolved: 0,
      differential: null,
    });
    expect(treatment!.infrastructure).toMatchObject({
      trials: 90,
      faulted: 20,
      byStatus: { 'api-fault': 26 },
      unresolved: 6,
    });
    expect(treatment!.trials).toMatchObject({ invalid: 6, reattempts: 20 });
    expect(treatment!.infrastructure.differential).toMatchObject({
      method: 'fisher-exact',
      alpha: 0.05,
      flagged: true,
    });
    expect(treatment!.infrastructure.differential!.p).toBeLessThan(1e-4);
    expect(aa!.infrastructure).toMatchObject({ faulted: 0, differential: { flagged: false } });
    expect(aa!.infrastructure.differential!.p).toBeCloseTo(1, 12);
    // The baseline's one starved check was re-attempted into a valid trial: still a gap.
    expect(scorecard.gaps).toContainEqual(
      expect.objectContaining({ kind: 'infrastructure', arm: 'baseline', count: 1 }),
    );
    expect(scorecard.gaps).toContainEqual(
      expect.objectContaining({ kind: 'differential-infrastructure', arm: 'treatment-a', count: 20 }),
    );
    const result = scorecard.comparisons[0]!;
    expect(result.tasks).toMatchObject({ paired: 24, droppable: 6 });
    expect(
      result.reasons.some((r) => r.startsWith('caution: treatment-a hit infrastructure faults in 20 of 90 trials')),
    ).toBe(true);
  });

  it('all three formats show the per-status counts, re-attempts and the flag; evidence gaps are never "none" while a fault exists', () => {
    const scorecard = buildScorecard({ ...faultyRun(), simulations: 0 });
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toContain(
      '| Arm | Trials with a fault | check-error | check-starved | agent-starved | api-fault | setup-failed | cleanup-failed | cancelled | Re-attempts | Still invalid | Against the baseline |',
    );
    expect(markdown).toMatch(
      /\| treatment-a \| 20 \/ 90 \| 0 \| 0 \| 0 \| 26 \| 0 \| 0 \| 0 \| 20 \| 6 \| Fisher p = [^|]+: differs \|/,
    );
    expect(markdown).toMatch(/\| baseline \| 1 \/ 90 \| 0 \| 1 \| 0 \| 0 \| 0 \| 0 \| 0 \| 1 \| 0 \| — \|/);
    const html = renderHtml(scorecard);
    expect(html).toContain('<table class="infrastructure">');
    expect(html).toContain(': differs</td>');
    for (const text of [markdown, html]) {
      expect(text).not.toContain('None: every scheduled trial');
      expect(text).toContain('hit an infrastructure fault');
    }
  });

  it('one fault re-attempted into a valid trial is still an evidence gap; without it the gaps are none', () => {
    // Every measure known and relevant files preregistered, so nothing but the fault can be a gap.
    const plan = fixturePlan({ ...stage2, relevantFiles: true, policy: policy as never });
    const planId = digestOf(plan);
    const starved = plan.schedule.trials.find((t) => t.arm === 'treatment-a')!;
    const outcome = (trial: ScheduledTrial): TrialSpec => ({
      status: trialDraw(trial) < 0.5 ? 'passed' : 'failed',
      diagnostics: { costUsd: 0.01 },
    });
    const clean = fixtureReceipts(plan, outcome).receipts;
    const faulted = [
      ...fixtureReceipts(plan, (trial) => (trial === starved ? { status: 'check-starved' } : outcome(trial))).receipts,
      fixtureReceipt(plan, planId, { ...starved, attempt: 2 } as ScheduledTrial, outcome(starved)),
    ];
    const none = buildScorecard({ plan, planId, receipts: clean, simulations: 0 });
    expect(none.gaps).toEqual([]);
    const some = buildScorecard({ plan, planId, receipts: faulted, simulations: 0 });
    expect(some.arms[1]!.trials).toMatchObject({ invalid: 0, reattempts: 1 });
    expect(some.gaps).toEqual([expect.objectContaining({ kind: 'infrastructure', arm: 'treatment-a', count: 1 })]);
    for (const render of [renderMarkdown, renderHtml]) {
      expect(render(none)).toContain('None: every scheduled trial');
      expect(render(some)).not.toContain('None: every scheduled trial');
      expect(render(some)).toContain('1 of 90 trials hit an infrastructure fault (attempts: check-starved 1)');
    }
  });
});
