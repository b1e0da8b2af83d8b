import type { DiagnosticsSummary, MatrixCell, PairedComparison, Scorecard, Verdict } from '../contracts/scorecard.js';
import { formatP, formatRate, formatSigned } from '../score/format.js';

/** Wording shared by the Markdown and HTML projections of a scorecard, so both say the same. */

export const MEASURE_LABELS: Record<keyof DiagnosticsSummary, string> = {
  inputTokens: 'Input tokens',
  outputTokens: 'Output tokens',
  costUsd: 'Cost (USD)',
  toolCalls: 'Tool calls',
  contextToolCalls: 'Context-tool calls',
  filesInspected: 'Files inspected',
  filesModified: 'Files modified',
  elapsedMs: 'Elapsed (s)',
  relevantFileRecall: 'Relevant-file recall',
};

export const VERDICT_MEANINGS: Record<Verdict, string> = {
  excluded: 'the arm (or the baseline) is ineligible or blocked',
  incomplete: 'trials are missing or invalid',
  descriptive: 'the run cannot support a claim (stage, A/A arm or synthetic agent)',
  unqualified: 'a preregistered gate failed',
  better: 'Holm-adjusted p ≤ α and Δ > 0',
  worse: 'Holm-adjusted p ≤ α and Δ < 0',
  noninferior: "the interval's lower bound is above −margin",
  'no-detectable-difference': 'no difference detected at α',
};

/** A measure's mean as a reader wants it: seconds for time, cents for cost, "unknown" for null. */
export function measureText(name: keyof DiagnosticsSummary, mean: number | null): string {
  if (mean === null) return 'unknown';
  if (name === 'elapsedMs') return (mean / 1000).toFixed(1);
  if (name === 'costUsd') return mean.toFixed(4);
  if (name === 'relevantFileRecall') return formatRate(mean);
  return mean >= 100 ? Math.round(mean).toString() : mean.toFixed(1);
}

export function deltaText(comparison: PairedComparison): string {
  return comparison.delta === null ? 'n/a' : formatSigned(comparison.delta);
}

export function intervalText(comparison: PairedComparison): string {
  const interval = comparison.interval;
  return interval === null ? 'n/a' : `[${formatSigned(interval.low)}, ${formatSigned(interval.high)}]`;
}

export function signText(comparison: PairedComparison): string {
  const { wins, losses, ties } = comparison.signTest;
  return `${wins}/${losses}/${ties}`;
}

export function pText(p: number): string {
  return formatP(p);
}

/** "2/3" successes over valid repeats, with what is missing or invalid beside it. */
export function cellText(cell: MatrixCell): string {
  const valid = cell.success + cell.failure;
  const parts = [valid === 0 ? '—' : `${cell.success}/${valid}`];
  if (cell.invalid > 0) parts.push(`${cell.invalid} invalid`);
  if (cell.missing > 0) parts.push(`${cell.missing} missing`);
  if (cell.excluded > 0) parts.push(`${cell.excluded} excluded`);
  return parts.join(' · ');
}

export function title(scorecard: Scorecard): string {
  return scorecard.experiment.title ?? scorecard.experiment.id;
}

export function familyText(scorecard: Scorecard): string {
  const { alpha, m, intervalAlpha } = scorecard.family;
  const intervals = intervalAlpha === null ? '' : `; treatment intervals at α/m = ${intervalAlpha.toPrecision(3)}`;
  return `α = ${alpha}, Holm over m = ${m} treatment${m === 1 ? '' : 's'}${intervals}; A/A at α`;
}
