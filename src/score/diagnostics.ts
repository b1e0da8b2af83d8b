import type { Diagnostics } from '../contracts/receipt.js';
import type { DiagnosticsSummary } from '../contracts/scorecard.js';
import type { TrialOutcome } from './outcomes.js';

const MEASURES = [
  'inputTokens',
  'outputTokens',
  'costUsd',
  'toolCalls',
  'contextToolCalls',
  'filesInspected',
  'filesModified',
  'elapsedMs',
  'relevantFileRecall',
] as const satisfies readonly (keyof DiagnosticsSummary & keyof Diagnostics)[];

export interface DiagnosticsResult {
  summary: DiagnosticsSummary;
  /** Trials with a receipt. */
  receipts: number;
  /** Receipts in which at least one measure (recall aside) is unknown. */
  partlyUnknown: number;
}

/**
 * Means over the trials where each measure is known, with how many that is; null when none is
 * known, never 0. Recall counts only for tasks with preregistered relevant files.
 */
export function summarizeDiagnostics(
  outcomes: Iterable<TrialOutcome>,
  recallTasks: ReadonlySet<string>,
): DiagnosticsResult {
  const sums = new Map<string, { sum: number; known: number }>(MEASURES.map((name) => [name, { sum: 0, known: 0 }]));
  let receipts = 0;
  let partlyUnknown = 0;
  for (const { receipt, trial } of outcomes) {
    if (!receipt) continue;
    receipts += 1;
    let unknown = false;
    for (const name of MEASURES) {
      const value = receipt.diagnostics[name];
      if (name === 'relevantFileRecall' && !recallTasks.has(trial.taskId)) continue;
      if (value === null) {
        unknown ||= name !== 'relevantFileRecall';
        continue;
      }
      const entry = sums.get(name)!;
      entry.sum += value;
      entry.known += 1;
    }
    if (unknown) partlyUnknown += 1;
  }
  const summary = Object.fromEntries(
    MEASURES.map((name) => {
      const { sum, known } = sums.get(name)!;
      return [name, { mean: known === 0 ? null : sum / known, known }];
    }),
  ) as DiagnosticsSummary;
  return { summary, receipts, partlyUnknown };
}
