import type { ContextCall } from '../contracts/receipt.js';
import type { ContextCallSummary } from '../contracts/scorecard.js';
import type { TrialOutcome } from './outcomes.js';

/**
 * The median of whole numbers, exact: the middle value, or with an even count the mean of the two
 * middle values, which is a whole number or a half (k / 2 is exact in a double). Null for none.
 */
export function medianOfIntegers(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Sums what the proxy recorded of an arm's context-tool calls over its counted receipts (the last
 * attempt of each trial). Null when no receipt holds the records: unknown, never 0.
 */
export function summarizeContextCalls(outcomes: Iterable<TrialOutcome>): ContextCallSummary | null {
  const summary = { receipts: 0, calls: 0, empty: 0, errors: 0, unanswered: 0, answerBytes: 0, omitted: 0 };
  const latencies: number[] = [];
  for (const { receipt } of outcomes) {
    if (!receipt?.contextCalls) continue;
    summary.receipts += 1;
    summary.omitted += receipt.contextCallsOmitted ?? 0;
    for (const call of receipt.contextCalls) addCall(summary, latencies, call);
  }
  if (summary.receipts === 0) return null;
  return { ...summary, medianLatencyMs: medianOfIntegers(latencies) };
}

function addCall(summary: Omit<ContextCallSummary, 'medianLatencyMs'>, latencies: number[], call: ContextCall): void {
  summary.calls += 1;
  summary.answerBytes += call.answerBytes;
  if (call.outcome === 'empty') summary.empty += 1;
  if (call.outcome === 'error') summary.errors += 1;
  if (call.outcome === 'unanswered') summary.unanswered += 1;
  if (call.latencyMs !== null) latencies.push(call.latencyMs);
}
