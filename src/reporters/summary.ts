import { relative } from 'node:path';
import type { Plan } from '../contracts/plan.js';
import { type Receipt, statusClass } from '../contracts/receipt.js';
import { excludedTrialCount } from '../score/outcomes.js';

export interface RunSummaryInput {
  plan: Plan;
  receipts: readonly Receipt[];
  written: number;
  resumed: number;
  reason: string;
  scorecardFiles: { json: string; markdown: string; html: string };
  cwd: string;
}

/** The few lines printed at the end of a run: every scheduled trial accounted for, and where to look. */
export function summarizeRun(input: RunSummaryInput): string {
  const counts = { success: 0, failure: 0, invalid: 0 };
  let cost = 0;
  let costKnown = 0;
  for (const receipt of input.receipts) {
    counts[statusClass(receipt.status)] += 1;
    if (receipt.diagnostics.costUsd !== null) {
      cost += receipt.diagnostics.costUsd;
      costKnown += 1;
    }
  }
  const scheduled = input.plan.schedule.trials.length;
  const excluded = excludedTrialCount(input.plan);
  const missing = scheduled - excluded - input.receipts.length;
  const costText = costKnown === 0 ? 'unknown' : `$${cost.toFixed(2)} over ${costKnown} trial(s) with a known cost`;
  return [
    `crossover ${input.plan.experiment.id}: ${input.receipts.length}/${scheduled} trials done (${input.written} this run, ${input.resumed} resumed)` +
      (input.reason === 'passed' || input.reason === 'failed' ? '' : `, run ${input.reason}`),
    `  passed ${counts.success}, failed ${counts.failure}, invalid ${counts.invalid}, missing ${missing}${excluded > 0 ? `, excluded ${excluded}` : ''}`,
    `  budget: ${input.receipts.length} of ${input.plan.budget.maxTrials} trials; cost ${costText}`,
    `  scorecard: ${relative(input.cwd, input.scorecardFiles.html)} (also .json, .md)`,
  ].join('\n');
}
