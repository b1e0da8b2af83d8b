import type {
  ArmSummary,
  ContextCallSummary,
  DiagnosticsSummary,
  MatrixCell,
  PairedComparison,
  Scorecard,
  Share,
  Verdict,
} from '../contracts/scorecard.js';
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

export const CONTEXT_CALLS_NOTE =
  "Recorded per call by Crossover's MCP proxy, outside the agent's reach, summed over each arm's counted receipts (the last attempt of each trial). Median latency: over answered calls; with an even count, the mean of the two middle values. Unknown: no receipt of the arm holds the proxy's records. Descriptive only: no verdict rests on them.";

/** The rows of the per-arm context-call table, each a label and its cell text. */
export const CONTEXT_CALL_ROWS: readonly (readonly [string, (summary: ContextCallSummary) => string])[] = [
  ['Receipts with proxy records', (s) => String(s.receipts)],
  ['Context-tool calls', (s) => String(s.calls)],
  ['Empty answers', (s) => String(s.empty)],
  ['Errors', (s) => String(s.errors)],
  ['Unanswered', (s) => String(s.unanswered)],
  ['Answer bytes (total)', (s) => String(s.answerBytes)],
  ['Median latency (ms)', (s) => (s.medianLatencyMs === null ? 'none answered' : String(s.medianLatencyMs))],
  ['Calls past the 500 listed per receipt (not counted)', (s) => String(s.omitted)],
];

/** One row's cell for one arm: "unknown" when the arm has no proxy records at all. */
export function contextCallCell(arm: ArmSummary, cell: (summary: ContextCallSummary) => string): string {
  return arm.contextCalls === null ? 'unknown' : cell(arm.contextCalls);
}

export const VERDICT_MEANINGS: Record<Verdict, string> = {
  excluded: 'the arm (or the baseline) is ineligible or blocked',
  incomplete: 'trials are missing, or invalid trials dropped more tasks than the missing-data rule allows',
  descriptive: 'the run cannot support a claim (stage, A/A arm or synthetic agent)',
  unqualified: 'a preregistered gate failed',
  better: 'Holm-adjusted p ≤ α and Σd_t > 0',
  worse: 'Holm-adjusted p ≤ α and Σd_t < 0',
  noninferior: 'an exact lower bound of Δ lies above −margin',
  'no-detectable-difference': 'no difference detected at α: see the minimum detectable effect',
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

/** Secondary: the sign test's wins/losses/ties and its p. */
export function signText(comparison: PairedComparison): string {
  const { wins, losses, ties } = comparison.secondary.signTest;
  return `${wins}/${losses}/${ties}`;
}

/** The permutation p, with its Monte-Carlo standard error when it is not exact. */
export function testPText(comparison: PairedComparison): string {
  const { p, standardError } = comparison.test;
  return standardError === null ? formatP(p) : `${formatP(p)} ± ${formatP(standardError)}`;
}

export function armIntervalText(arm: ArmSummary): string {
  return arm.interval === null ? 'n/a' : `[${formatRate(arm.interval.low)}, ${formatRate(arm.interval.high)}]`;
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

/** A diagnostic share with its Wilson interval, e.g. `1/2 = 0.500 [0.095, 0.905]`; `n/a` over no trial. */
export function shareText(share: Share): string {
  if (share.share === null || share.wilson === null) return `${share.count}/${share.of} (n/a)`;
  return `${share.count}/${share.of} = ${formatRate(share.share)} [${formatRate(share.wilson.low)}, ${formatRate(share.wilson.high)}]`;
}

export const REPRODUCIBILITY_NOTE =
  "Diagnostics only, never part of a verdict: each preregistered re-run, from the same bytes in a fresh workspace, against the trial it repeats. A pair matches when the outcome, the set of files changed and every file's changed line counts are the same; re-runs never enter the comparison. Shares carry a 95% Wilson interval.";

/** One comparison of a re-run: `same`, `differs`, or `not compared`. */
export function matchText(value: boolean | null): string {
  return value === null ? 'not compared' : value ? 'same' : 'differs';
}

export const REVIEW_NOTE =
  "Beside the oracle, never in place of it: every verdict, rate and gate above rests on the hidden checks alone. A person reviewed each trial's diff; a trial the checks passed with an edit the reviewer rejected is counted here, and the review-adjusted passes leave it out. Corrections left: rejected edits.";

/** Which edit of a file a review names: `hunk 2`, or `whole change`. */
export function hunkText(hunk: number | null): string {
  return hunk === null ? 'whole change' : `hunk ${hunk}`;
}

/** The column names of the review overlay's per-arm table. */
export const REVIEW_ARM_COLUMNS = [
  'Arm',
  'Passed (checks)',
  'Reviewed',
  'Passed with rejected edits',
  'Review-adjusted passes',
  'Corrections left',
] as const;

export const SKILL_SELECTION_NOTE =
  'Diagnostics only, never part of a verdict. Over valid trials of tasks that preregister the skill they benefit from (or "none"): the share where the agent used that skill, and the share where it used a skill it did not need, each with a 95% Wilson interval. Trials whose transcript does not show skills are unknown.';
