import { REATTEMPTABLE_STATUSES } from '../contracts/experiment.js';
import type { AaResult, ArmSummary, Flip, Scorecard, TreatmentResult } from '../contracts/scorecard.js';
import { formatP, formatRate, formatSigned } from '../score/format.js';
import { simulatedText } from './method-text.js';
import { deltaText, intervalText, signText } from './scorecard-text.js';

/** The cells of the verdict, arm and infrastructure tables, worded once for Markdown and HTML. */

/** The effect the scorecard states power for, read from it (never written into a renderer). */
export function statedEffect(scorecard: Scorecard): number | null {
  return scorecard.comparisons.find((c) => c.power !== null)?.power?.effect ?? null;
}

export function powerHeader(scorecard: Scorecard): string {
  const effect = statedEffect(scorecard);
  return effect === null ? 'Power' : `Power at ${formatSigned(effect)}`;
}

export function powerText(c: TreatmentResult): string {
  return c.power === null ? 'n/a' : simulatedText(c.power.power, c.power.simulations);
}

/** "+0.212 / −0.198": the smallest gain and loss seen 80% of the time. */
export function mdeText(c: TreatmentResult): string {
  if (c.mde === null) return 'n/a';
  const side = (value: number | null, sign: string) => (value === null ? 'none' : `${sign}${formatRate(value)}`);
  return `${side(c.mde.gain, '+')} / ${side(c.mde.loss, '-')}`;
}

/** Δ with its interval in one cell: the key column of the verdict table. */
export function effectText(c: TreatmentResult | AaResult): string {
  return c.delta === null ? 'n/a' : `${deltaText(c)} ${intervalText(c)}`;
}

export const VERDICT_COLUMNS = ['Treatment', 'Verdict', 'Δ [interval]', 'Holm p', 'MDE gain / loss', 'Power', 'Paired'];

/** One verdict row after the arm and verdict: Δ [interval], Holm p, MDE, power, paired tasks. */
export function verdictCells(c: TreatmentResult): string[] {
  return [effectText(c), formatP(c.pAdjusted), mdeText(c), powerText(c), `${c.tasks.paired}/${c.tasks.scheduled}`];
}

export const SECONDARY_COLUMNS = [
  'Treatment',
  'Raw p',
  'Simultaneous interval (α/m)',
  'Sign test w/l/t (p)',
  'Only-arm / only-baseline wins',
  'Noninferiority bound',
  'Dropped tasks: worst / best case',
];

function sensitivityText(c: TreatmentResult): string {
  const s = c.sensitivity;
  if (s === null) return 'none dropped';
  return `${s.dropped}: ${s.worst.claim} / ${s.best.claim}`;
}

/** The secondary figures of one treatment: no verdict rests on them. */
export function secondaryCells(c: TreatmentResult): string[] {
  const simultaneous = c.simultaneous;
  return [
    formatP(c.test.p),
    simultaneous === null ? 'n/a' : `[${formatSigned(simultaneous.low)}, ${formatSigned(simultaneous.high)}]`,
    `${signText(c)} (${formatP(c.secondary.signTest.p)})`,
    `${c.armOnlyWins} / ${c.baselineOnlyWins}`,
    c.noninferiority === null ? 'no margin' : `${formatSigned(c.noninferiority.bound)} vs −${c.noninferiority.margin}`,
    sensitivityText(c),
  ];
}

export const AA_COLUMNS = ['A/A arm', 'Δ_AA [interval at α]', 'p', 'Paired', 'A/A gate'];

export function aaCells(a: AaResult): string[] {
  return [effectText(a), formatP(a.test.p), `${a.tasks.paired}/${a.tasks.scheduled}`, a.blocks ? 'blocks' : 'holds'];
}

export const ARM_COLUMNS = [
  'Arm',
  'Role',
  'Agent',
  'Provider',
  'Success rate [task-bootstrap 95%]',
  'pass@k',
  'pass^k',
  'Per solved task',
];

function passText(arm: ArmSummary, pick: 'passAtK' | 'passHatK'): string {
  return arm.passAtK.map((row) => (row[pick] === null ? '—' : row[pick]!.toFixed(2))).join(' / ');
}

function perSolvedText(arm: ArmSummary): string {
  const { costUsd, inputTokens, outputTokens } = arm.perSolved;
  const tokens =
    inputTokens.value === null || outputTokens.value === null
      ? 'tokens unknown'
      : `${Math.round(inputTokens.value)} in + ${Math.round(outputTokens.value)} out tokens`;
  return `${costUsd.value === null ? 'cost unknown' : `$${costUsd.value.toFixed(4)}`}; ${tokens}`;
}

/** One arm's identity, rate and what a success cost. */
export function armCells(arm: ArmSummary): string[] {
  const rate =
    arm.successRate === null
      ? 'unknown'
      : `${formatRate(arm.successRate)}${arm.interval === null ? '' : ` [${formatRate(arm.interval.low)}, ${formatRate(arm.interval.high)}]`}`;
  return [
    arm.role,
    `${arm.adapter}${arm.synthetic ? ' (synthetic)' : ''}`,
    arm.provider ?? '—',
    rate,
    passText(arm, 'passAtK'),
    passText(arm, 'passHatK'),
    perSolvedText(arm),
  ];
}

export const TRIAL_COLUMNS = [
  'Arm',
  'Success / failure / invalid / missing',
  'Of failures: agent error / timeout',
  'Re-attempts',
  'Regression failures',
];

export function trialCells(arm: ArmSummary): string[] {
  const t = arm.trials;
  return [
    `${t.success} / ${t.failure} / ${t.invalid} / ${t.missing}`,
    `${t.agentError} / ${t.timeout}`,
    `${t.reattempts}`,
    `${arm.regressionFailures}`,
  ];
}

export const INFRASTRUCTURE_COLUMNS = [
  'Arm',
  'Trials with a fault',
  ...REATTEMPTABLE_STATUSES,
  'Re-attempts',
  'Still invalid',
  'Against the baseline',
];

export function infrastructureCells(arm: ArmSummary): string[] {
  const infra = arm.infrastructure;
  const differential = infra.differential;
  return [
    `${infra.faulted} / ${infra.trials}`,
    ...REATTEMPTABLE_STATUSES.map((status) => `${infra.byStatus[status] ?? 0}`),
    `${arm.trials.reattempts}`,
    `${infra.unresolved}`,
    differential === null ? '—' : `Fisher p = ${formatP(differential.p)}${differential.flagged ? ': differs' : ''}`,
  ];
}

export const INFRASTRUCTURE_NOTE =
  "Faults of the machinery or a service, never of the agent, counted over every attempt (a re-attempted fault still counts): grader faults (check-error), checks starved by the machine (check-starved), agents starved by it (agent-starved), model API faults (api-fault), setup and cleanup faults, cancellations. Against the baseline: Fisher's exact test, two-sided at α, of the share of trials with a fault; an arm with the same true rate is flagged at most α of the time. A differential rate can bias Δ through the tasks it drops.";

export const FLIPS_NOTE =
  "Paired tasks on which a treatment and the baseline disagree (their success rates differ): the only place to see why an arm won. Each links to a page that puts both sides' diffs, context-tool calls and failed checks next to each other.";

export function flipText(flip: Flip): string {
  return `${flip.armSuccesses}/${flip.repeats} vs ${flip.baselineSuccesses}/${flip.repeats} (${formatSigned(flip.difference)})`;
}
