import type { Plan } from '../contracts/plan.js';
import type { AaResult, ArmSummary, Gate, Verdict } from '../contracts/scorecard.js';
import { claim, rejects, showsNoninferiority } from './decisions.js';
import { formatP, formatRate, formatSigned } from './format.js';
import { type Fraction, fromDecimal, toNumber } from './fraction.js';
import type { PairResult } from './pairwise.js';

export interface JudgeInput {
  plan: Plan;
  pair: PairResult;
  pAdjusted: Fraction;
  arm: ArmSummary;
  baseline: ArmSummary;
  aa: readonly { result: AaResult; arm: ArmSummary }[];
}

function ineligibility(summary: ArmSummary, label: string): string[] {
  const eligibility = summary.eligibility;
  if (!eligibility || eligibility.status === 'eligible') return [];
  const why = eligibility.reasons.length > 0 ? `: ${eligibility.reasons.join('; ')}` : '';
  return [`${label} ${summary.id} is ${eligibility.status}${why}`];
}

function gapsOf(summary: ArmSummary): string[] {
  const reasons: string[] = [];
  const { scheduled, missing, invalid } = summary.trials;
  if (missing > 0) reasons.push(`${summary.id}: ${missing} of ${scheduled} scheduled trials have no receipt`);
  if (invalid > 0) {
    const parts = Object.entries(summary.invalidByStatus).map(([status, count]) => `${status} ${count}`);
    if (summary.trials.unsupportedPass > 0)
      parts.push(`passed without check evidence ${summary.trials.unsupportedPass}`);
    reasons.push(`${summary.id}: ${invalid} of ${scheduled} trials invalid (${parts.join(', ')})`);
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

/** Why an A/A arm blocks, or null when it does not: gaps, no pair, or its test rejecting at α. */
export function aaProblem(result: AaResult, arm: ArmSummary, alpha: number): string | null {
  const gaps = gapsOf(arm);
  if (gaps.length > 0) return `A/A comparison incomplete (${gaps.join('; ')})`;
  if (result.delta === null) return `A/A arm ${arm.id} has no paired task`;
  if (result.blocks)
    return `A/A arm ${arm.id} differs from the baseline: p = ${formatP(result.test.p)} ≤ α = ${alpha} (Δ_AA = ${formatSigned(result.delta)})`;
  return null;
}

function aaGate(input: JudgeInput): Gate {
  const alpha = input.plan.policy.alpha;
  if (input.aa.length === 0) return { gate: 'aa-noise', holds: false, detail: 'no aa-control arm' };
  const problems = input.aa.flatMap(({ result, arm }) => aaProblem(result, arm, alpha) ?? []);
  const detail =
    problems.length > 0
      ? problems.join('; ')
      : input.aa
          .map(
            ({ result }) =>
              `A/A test p = ${formatP(result.test.p)} > α = ${alpha} (|Δ_AA| = ${formatRate(Math.abs(result.delta!))})`,
          )
          .join('; ');
  return { gate: 'aa-noise', holds: problems.length === 0, detail };
}

function regressionGate(input: JudgeInput): Gate {
  const alpha = input.plan.policy.alpha;
  const { arm, baseline, p } = input.pair.comparison.regressionFailures;
  const blocks = rejects(input.pair.tests.regression.p, fromDecimal(alpha));
  return {
    gate: 'regressions',
    holds: !blocks,
    detail: `trials with a failed regression check: ${arm} in ${input.arm.id}, ${baseline} in the baseline; one-sided paired p = ${formatP(p)} ${blocks ? '≤' : '>'} α = ${alpha}`,
  };
}

/** The qualification gates (docs/architecture.md, "Score"), evaluated for every treatment whatever its verdict. */
export function evaluateGates(input: JudgeInput): Gate[] {
  const { policy, repeats } = input.plan;
  const paired = input.pair.comparison.tasks.paired;
  return [
    { gate: 'tasks', holds: paired >= policy.minTasks, detail: `${paired} paired tasks; ${policy.minTasks} required` },
    {
      gate: 'repeats',
      holds: repeats >= policy.minRepeats,
      detail: `${repeats} repeats per task and arm; ${policy.minRepeats} required`,
    },
    aaGate(input),
    regressionGate(input),
  ];
}

function outcomeVerdict(input: JudgeInput): { verdict: Verdict; reasons: string[] } {
  const { alpha, noninferiorityMargin: margin } = input.plan.policy;
  const { comparison, tests, interval } = input.pair;
  const test = `Holm-adjusted p = ${formatP(toNumber(input.pAdjusted))} (raw ${formatP(comparison.test.p)})`;
  const direction = claim(input.pAdjusted, tests.differences.sum, fromDecimal(alpha));
  if (direction !== null) {
    return { verdict: direction, reasons: [`${test} ≤ α = ${alpha}`, `Δ = ${formatSigned(comparison.delta!)}`] };
  }
  const reasons = [`${test} > α = ${alpha}`];
  if (margin !== null && interval !== null) {
    const low = formatSigned(comparison.interval!.low);
    if (showsNoninferiority(interval.low, fromDecimal(margin))) {
      return {
        verdict: 'noninferior',
        reasons: [...reasons, `interval lower bound ${low} > -${margin} (noninferiority margin)`],
      };
    }
    reasons.push(`interval lower bound ${low} ≤ -${margin}: noninferiority not shown`);
  }
  return { verdict: 'no-detectable-difference', reasons };
}

/** The first verdict that applies (docs/architecture.md), with every reason that decided it. */
export function judge(input: JudgeInput): { verdict: Verdict; reasons: string[]; gates: Gate[] } {
  const gates = evaluateGates(input);
  const excluded = [...ineligibility(input.arm, 'arm'), ...ineligibility(input.baseline, 'baseline')];
  if (excluded.length > 0) return { verdict: 'excluded', reasons: excluded, gates };
  const incomplete = [...gapsOf(input.arm), ...gapsOf(input.baseline)];
  if (incomplete.length > 0) return { verdict: 'incomplete', reasons: incomplete, gates };
  const descriptive = descriptiveReasons(input);
  if (descriptive.length > 0) return { verdict: 'descriptive', reasons: descriptive, gates };
  const failed = gates.filter((gate) => !gate.holds).map((gate) => `${gate.gate} gate failed: ${gate.detail}`);
  if (failed.length > 0) return { verdict: 'unqualified', reasons: failed, gates };
  return { ...outcomeVerdict(input), gates };
}
