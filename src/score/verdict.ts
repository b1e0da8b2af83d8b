import type { Plan } from '../contracts/plan.js';
import type { AaResult, ArmSummary, Gate, PairedComparison, Verdict } from '../contracts/scorecard.js';
import { formatP, formatRate, formatSigned } from './format.js';

export interface JudgeInput {
  plan: Plan;
  comparison: PairedComparison;
  pAdjusted: number;
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
  if (stage < 2)
    reasons.push(`stage ${stage} is ${stage === 1 ? 'a feasibility run' : 'a probe and demo run'}: descriptive only`);
  if (input.aa.length === 0) reasons.push('no preregistered aa-control arm: no A/A noise floor');
  if (input.plan.synthetic || input.arm.synthetic || input.baseline.synthetic)
    reasons.push('a synthetic agent took part: results can never be qualified');
  return reasons;
}

function aaGate(input: JudgeInput): Gate {
  const limit = input.plan.policy.aaLimit;
  if (input.aa.length === 0) return { gate: 'aa-noise', holds: false, detail: 'no aa-control arm' };
  const problems: string[] = [];
  for (const { result, arm } of input.aa) {
    const gaps = gapsOf(arm);
    if (gaps.length > 0) problems.push(`A/A comparison incomplete (${gaps.join('; ')})`);
    else if (result.delta === null) problems.push(`A/A arm ${arm.id} has no paired task`);
    else if (!result.withinLimit)
      problems.push(`|Δ_AA| of ${arm.id} is ${formatRate(Math.abs(result.delta))} > ${limit}`);
  }
  const detail =
    problems.length > 0
      ? problems.join('; ')
      : input.aa.map(({ result }) => `|Δ_AA| = ${formatRate(Math.abs(result.delta!))} ≤ ${limit}`).join('; ');
  return { gate: 'aa-noise', holds: problems.length === 0, detail };
}

/** The qualification gates of DESIGN §9, evaluated for every treatment whatever its verdict. */
export function evaluateGates(input: JudgeInput): Gate[] {
  const { policy, repeats } = input.plan;
  const paired = input.comparison.tasks.paired;
  const regressions = input.comparison.regressionFailures;
  return [
    { gate: 'tasks', holds: paired >= policy.minTasks, detail: `${paired} paired tasks; ${policy.minTasks} required` },
    {
      gate: 'repeats',
      holds: repeats >= policy.minRepeats,
      detail: `${repeats} repeats per task and arm; ${policy.minRepeats} required`,
    },
    aaGate(input),
    {
      gate: 'regressions',
      holds: regressions.arm <= regressions.baseline,
      detail: `trials with a failed regression check: ${regressions.arm} in ${input.arm.id}, ${regressions.baseline} in the baseline`,
    },
  ];
}

function outcomeVerdict(input: JudgeInput): { verdict: Verdict; reasons: string[] } {
  const { alpha, noninferiorityMargin: margin } = input.plan.policy;
  const { delta, interval } = input.comparison;
  const test = `Holm-adjusted p = ${formatP(input.pAdjusted)} (raw ${formatP(input.comparison.signTest.p)})`;
  if (input.pAdjusted <= alpha && delta !== null && delta !== 0) {
    return {
      verdict: delta > 0 ? 'better' : 'worse',
      reasons: [`${test} ≤ α = ${alpha}`, `Δ = ${formatSigned(delta)}`],
    };
  }
  const reasons = [`${test} > α = ${alpha}`];
  if (margin !== null && interval !== null) {
    if (interval.low > -margin) {
      return {
        verdict: 'noninferior',
        reasons: [
          ...reasons,
          `interval lower bound ${formatSigned(interval.low)} > -${margin} (noninferiority margin)`,
        ],
      };
    }
    reasons.push(`interval lower bound ${formatSigned(interval.low)} ≤ -${margin}: noninferiority not shown`);
  }
  return { verdict: 'no-detectable-difference', reasons };
}

/** DESIGN §9: the first verdict that applies, with every reason that decided it. */
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
