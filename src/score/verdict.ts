import type { Plan } from '../contracts/plan.js';
import type { AaResult, ArmSummary, Gate, Mde, Noninferiority, Sensitivity, Verdict } from '../contracts/scorecard.js';
import { claim, rejects } from './decisions.js';
import { formatP, formatRate, formatSigned } from './format.js';
import { type Fraction, fromDecimal, toNumber } from './fraction.js';
import type { PairResult } from './pairwise.js';

export interface JudgeInput {
  plan: Plan;
  pair: PairResult;
  pAdjusted: Fraction;
  arm: ArmSummary;
  baseline: ArmSummary;
  aa: readonly { result: AaResult; arm: ArmSummary; pair: PairResult }[];
  mde: Mde | null;
  noninferiority: Noninferiority | null;
  sensitivity: Sensitivity | null;
}

function ineligibility(summary: ArmSummary, label: string): string[] {
  const eligibility = summary.eligibility;
  if (!eligibility || eligibility.status === 'eligible') return [];
  const why = eligibility.reasons.length > 0 ? `: ${eligibility.reasons.join('; ')}` : '';
  return [`${label} ${summary.id} is ${eligibility.status}${why}`];
}

function invalidText(summary: ArmSummary): string {
  const parts = Object.entries(summary.invalidByStatus).map(([status, count]) => `${status} ${count}`);
  if (summary.trials.unsupportedPass > 0) parts.push(`passed without check evidence ${summary.trials.unsupportedPass}`);
  return `${summary.trials.invalid} of ${summary.trials.scheduled} trials of ${summary.id} invalid (${parts.join(', ')})`;
}

/**
 * Why a pairing cannot be decided, the preregistered missing-data rule applied: any trial with no
 * receipt, or more tasks dropped for invalid trials than the rule allows. Empty when it can be.
 */
export function missingDataProblems(pair: PairResult, arm: ArmSummary, baseline: ArmSummary): string[] {
  const reasons: string[] = [];
  for (const summary of [arm, baseline]) {
    const { scheduled, missing } = summary.trials;
    if (missing > 0) reasons.push(`${summary.id}: ${missing} of ${scheduled} scheduled trials have no receipt`);
  }
  const { droppable, scheduled } = pair.comparison.tasks;
  const dropped = pair.dropped.length;
  if (dropped > droppable) {
    const invalid = [arm, baseline].filter((s) => s.trials.invalid > 0).map(invalidText);
    reasons.push(
      `${dropped} of ${scheduled} tasks dropped for invalid trials, more than the ${droppable} the missing-data rule allows (${invalid.join('; ')})`,
    );
  }
  return reasons;
}

function descriptiveReasons(input: JudgeInput): string[] {
  const reasons: string[] = [];
  const stage = input.plan.experiment.stage;
  if (stage === 'exploratory') reasons.push('an exploratory run: descriptive only, never stage-2 evidence');
  else if (stage < 2)
    reasons.push(`stage ${stage} is ${stage === 1 ? 'a feasibility run' : 'a probe and demo run'}: descriptive only`);
  if (input.aa.length === 0) reasons.push('no preregistered aa-control arm: no A/A noise floor');
  if (input.plan.synthetic || input.arm.synthetic || input.baseline.synthetic)
    reasons.push('a synthetic agent took part: results can never be qualified');
  return reasons;
}

/** Why an A/A arm blocks, or null when it does not: the one A/A rule, whose answer is its `blocks`. */
export function aaProblem(pair: PairResult, arm: ArmSummary, baseline: ArmSummary, alpha: number): string | null {
  const incomplete = missingDataProblems(pair, arm, baseline);
  if (incomplete.length > 0) return `A/A comparison incomplete (${incomplete.join('; ')})`;
  const { comparison } = pair;
  if (comparison.delta === null) return `A/A arm ${arm.id} has no paired task`;
  if (rejects(pair.tests.test.p, fromDecimal(alpha)))
    return `A/A arm ${arm.id} differs from the baseline: p = ${formatP(comparison.test.p)} ≤ α = ${alpha} (Δ_AA = ${formatSigned(comparison.delta)})`;
  return null;
}

function aaGate(input: JudgeInput): Gate {
  const alpha = input.plan.policy.alpha;
  if (input.aa.length === 0) return { gate: 'aa-noise', holds: false, detail: 'no aa-control arm' };
  const problems = input.aa.flatMap(({ pair, arm }) => aaProblem(pair, arm, input.baseline, alpha) ?? []);
  const detail =
    problems.length > 0
      ? problems.join('; ')
      : input.aa
          .map(
            ({ result }) =>
              `A/A test p = ${formatP(result.test.p)} > α = ${alpha} (Δ_AA = ${formatSigned(result.delta!)})`,
          )
          .join('; ');
  return { gate: 'aa-noise', holds: problems.length === 0, detail };
}

function regressionGate(input: JudgeInput): Gate {
  const { arm, armTrials, baseline, baselineTrials, extraBound, tolerance } = input.pair.comparison.regressions;
  const holds = input.pair.regressionHolds;
  const bound =
    extraBound === null
      ? 'no paired task to bound it'
      : `exact upper bound of the extra share ${formatSigned(extraBound)} ${holds ? '<' : '≥'} tolerance ${tolerance}`;
  return {
    gate: 'regressions',
    holds,
    detail: `trials with a failed regression check on paired tasks: ${arm} of ${armTrials} in ${input.arm.id}, ${baseline} of ${baselineTrials} in the baseline; ${bound} (α = ${input.plan.policy.alpha})`,
  };
}

/** The qualification gates (docs/architecture.md, "Score"), evaluated for every treatment whatever its verdict. */
export function evaluateGates(input: JudgeInput): Gate[] {
  const { policy, repeats } = input.plan;
  const { scheduled, paired, droppable } = input.pair.comparison.tasks;
  const dropped = input.pair.dropped.length;
  return [
    {
      gate: 'tasks',
      holds: scheduled >= policy.minTasks,
      detail: `${scheduled} tasks scheduled, ${paired} paired (${dropped} dropped for invalid trials, ${droppable} allowed); ${policy.minTasks} required`,
    },
    {
      gate: 'repeats',
      holds: repeats >= policy.minRepeats,
      detail: `${repeats} repeats per task and arm; ${policy.minRepeats} required`,
    },
    aaGate(input),
    regressionGate(input),
  ];
}

function mdeSide(value: number | null, sign: '+' | '-'): string {
  return value === null ? `no ${sign === '+' ? 'gain' : 'loss'} reaches 80% power` : `${sign}${formatRate(value)}`;
}

/** What a null result could have seen: bounded by the interval, or too small a corpus to tell. */
function nullReading(input: JudgeInput): string | null {
  const { mde } = input;
  const interval = input.pair.comparison.interval;
  if (mde === null || interval === null) return null;
  const sides = `${mdeSide(mde.gain, '+')} / ${mdeSide(mde.loss, '-')}`;
  const range = `[${formatSigned(interval.low)}, ${formatSigned(interval.high)}]`;
  const bounded = mde.gain !== null && mde.loss !== null && interval.high < mde.gain && interval.low > -mde.loss;
  return bounded
    ? `no effect larger than ${sides}: the interval ${range} excludes both minimum detectable effects (80% power at α/m); smaller effects could still go unseen`
    : `too small to see effects below ${sides} (the minimum detectable effects at 80% power): the interval ${range} does not rule out larger ones`;
}

function outcomeVerdict(input: JudgeInput): { verdict: Verdict; reasons: string[] } {
  const { alpha } = input.plan.policy;
  const { comparison, tests } = input.pair;
  const test = `Holm-adjusted p = ${formatP(toNumber(input.pAdjusted))} (raw ${formatP(comparison.test.p)})`;
  const direction = claim(input.pAdjusted, tests.differences.sum, fromDecimal(alpha));
  if (direction !== null) {
    const interval = comparison.interval!;
    return {
      verdict: direction,
      reasons: [
        `${test} ≤ α = ${alpha}`,
        `Δ = ${formatSigned(comparison.delta!)}, interval [${formatSigned(interval.low)}, ${formatSigned(interval.high)}] at the Holm step's level ${formatP(interval.alpha)}`,
      ],
    };
  }
  const reasons = [`${test} > α = ${alpha}`];
  const ni = input.noninferiority;
  if (ni !== null) {
    const bound = `Δ ≥ ${formatSigned(ni.bound)} (exact binomial bounds, one-sided ${formatP(ni.level)})`;
    if (ni.holds)
      return { verdict: 'noninferior', reasons: [...reasons, `${bound} > -${ni.margin} (noninferiority margin)`] };
    reasons.push(`${bound} ≤ -${ni.margin}: noninferiority not shown`);
  }
  const reading = nullReading(input);
  return { verdict: 'no-detectable-difference', reasons: reading === null ? reasons : [...reasons, reading] };
}

const OUTCOMES: readonly Verdict[] = ['better', 'worse', 'noninferior', 'no-detectable-difference'];

/** What the verdict rests on without deciding it: the dropped tasks' sensitivity, a differential fault rate. */
function cautions(input: JudgeInput, verdict: Verdict): string[] {
  const lines: string[] = [];
  const s = input.sensitivity;
  if (s !== null && OUTCOMES.includes(verdict)) {
    const own = verdict === 'better' || verdict === 'worse' ? verdict : 'none';
    const moved = s.worst.claim !== own || s.best.claim !== own;
    const side = (c: Sensitivity['worst']) =>
      `${c.claim === 'none' ? 'no claim' : c.claim} (Δ = ${formatSigned(c.delta)}, Holm p = ${formatP(c.pAdjusted)})`;
    lines.push(
      `${s.dropped} tasks dropped for invalid trials (${input.pair.comparison.tasks.droppable} allowed): imputed worst case ${side(s.worst)}, best case ${side(s.best)}${moved ? ': the verdict is sensitive to them' : ''}`,
    );
  }
  const differential = input.arm.infrastructure.differential;
  if (differential?.flagged) {
    const own = input.arm.infrastructure;
    const base = input.baseline.infrastructure;
    lines.push(
      `caution: ${input.arm.id} hit infrastructure faults in ${own.faulted} of ${own.trials} trials against ${base.faulted} of ${base.trials} in the baseline (Fisher p = ${formatP(differential.p)} ≤ α): a differential fault rate can bias Δ`,
    );
  }
  return lines;
}

/** The first verdict that applies (docs/architecture.md), with every reason that decided it. */
export function judge(input: JudgeInput): { verdict: Verdict; reasons: string[]; gates: Gate[] } {
  const gates = evaluateGates(input);
  const excluded = [...ineligibility(input.arm, 'arm'), ...ineligibility(input.baseline, 'baseline')];
  if (excluded.length > 0) return { verdict: 'excluded', reasons: excluded, gates };
  const decided = (verdict: Verdict, reasons: string[]) => ({
    verdict,
    reasons: [...reasons, ...cautions(input, verdict)],
    gates,
  });
  const incomplete = missingDataProblems(input.pair, input.arm, input.baseline);
  if (incomplete.length > 0) return decided('incomplete', incomplete);
  const descriptive = descriptiveReasons(input);
  if (descriptive.length > 0) return decided('descriptive', descriptive);
  const failed = gates.filter((gate) => !gate.holds).map((gate) => `${gate.gate} gate failed: ${gate.detail}`);
  if (failed.length > 0) return decided('unqualified', failed);
  const { verdict, reasons } = outcomeVerdict(input);
  return decided(verdict, reasons);
}
