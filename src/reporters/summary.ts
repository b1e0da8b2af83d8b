import { relative } from 'node:path';
import type { Plan } from '../contracts/plan.js';
import type { Scorecard, TrialCounts } from '../contracts/scorecard.js';
import { formatSandbox } from '../plan/format-summary.js';
import { filterNote } from './filter-note.js';
import { shareText } from './scorecard-text.js';

export interface RunSummaryInput {
  plan: Plan;
  scorecard: Scorecard;
  written: number;
  resumed: number;
  reason: string;
  scorecardFiles: { json: string; markdown: string; html: string };
  cwd: string;
}

type Totals = Pick<
  TrialCounts,
  'scheduled' | 'success' | 'failure' | 'agentError' | 'timeout' | 'invalid' | 'missing' | 'excluded' | 'reattempts'
>;

/** The scorecard's per-arm counts, summed over its arms. */
function totals(scorecard: Scorecard): Totals {
  const sum: Totals = {
    scheduled: 0,
    success: 0,
    failure: 0,
    agentError: 0,
    timeout: 0,
    invalid: 0,
    missing: 0,
    excluded: 0,
    reattempts: 0,
  };
  for (const arm of scorecard.arms) for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += arm.trials[key];
  return sum;
}

/**
 * Known cost over the arms: each arm's mean over the trials where it is known, times how many; none
 * when no trial ran a paid agent (the plan's own words), unknown when one did and none reported it.
 */
function costText(scorecard: Scorecard, plan: Plan): string {
  let cost = 0;
  let known = 0;
  for (const arm of scorecard.arms) {
    const { mean, known: n } = arm.diagnostics.costUsd;
    if (mean === null) continue;
    cost += mean * n;
    known += n;
  }
  if (known > 0) return `cost $${cost.toFixed(2)} over ${known} trial(s) with a known cost`;
  return plan.cost.pricedTrials === 0 ? 'cost: none (no trial runs a paid agent)' : 'cost unknown';
}

/**
 * The few lines printed at the end of a run, a projection of the scorecard (so the console never
 * counts differently from it): every scheduled trial accounted for, and where to look.
 */
export function summarizeRun(input: RunSummaryInput): string {
  const t = totals(input.scorecard);
  const done = t.scheduled - t.missing - t.excluded;
  const failed = t.failure - t.agentError - t.timeout;
  return [
    `crossover ${input.plan.experiment.id}${input.plan.experiment.stage === 'exploratory' ? ' (exploratory: descriptive only)' : ''}: ${done}/${t.scheduled} trials done (${input.written} this run, ${input.resumed} resumed)` +
      (input.reason === 'passed' || input.reason === 'failed' ? '' : `, run ${input.reason}`),
    `  passed ${t.success}, failed ${failed}, agent-error ${t.agentError}, timeout ${t.timeout}, invalid ${t.invalid}, missing ${t.missing}${t.excluded > 0 ? `, excluded ${t.excluded}` : ''}${t.reattempts > 0 ? `, re-attempts ${t.reattempts}` : ''}`,
    `  sandbox ${formatSandbox(input.scorecard.sandbox)}; budget: ${done} of ${input.plan.budget.maxTrials} trials; ${costText(input.scorecard, input.plan)}`,
    ...(input.scorecard.reproducibility === null
      ? []
      : [`  reproducibility: ${shareText(input.scorecard.reproducibility.matched)} re-runs matched their first run`]),
    ...[filterNote(input.scorecard)].flatMap((note) => (note === null ? [] : [`  filtered run: ${note}`])),
    `  scorecard: ${relative(input.cwd, input.scorecardFiles.html)} (also .json, .md)`,
  ].join('\n');
}
