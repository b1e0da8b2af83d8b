import type {
  ArmSummary,
  ContextCallSummary,
  DiagnosticsSummary,
  MatrixCell,
  PairedComparison,
  PowerTable,
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
  incomplete: 'trials are missing or invalid',
  descriptive: 'the run cannot support a claim (stage, A/A arm or synthetic agent)',
  unqualified: 'a preregistered gate failed',
  better: 'Holm-adjusted p ≤ α and Σd_t > 0',
  worse: 'Holm-adjusted p ≤ α and Σd_t < 0',
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

export function wilsonText(arm: ArmSummary): string {
  return arm.wilson === null ? 'n/a' : `[${formatRate(arm.wilson.low)}, ${formatRate(arm.wilson.high)}]`;
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

function share(value: number): string {
  return value.toFixed(3);
}

/** The one-paragraph method statement: test, interval, family, gates and the power they have here. */
export function methodText(scorecard: Scorecard): string {
  const { alpha, m, intervalAlpha } = scorecard.family;
  const { minTasks, minRepeats } = scorecard.policy;
  const exact = [...scorecard.comparisons, ...scorecard.aa].every((c) => c.test.method === 'exact');
  const parts = [
    'Each arm is compared with the baseline over the tasks complete in both: d_t = s(t, arm) − s(t, baseline), repeats averaged inside a task, in exact rational arithmetic.',
    `Test: the paired sign-flip permutation test on the d_t, two-sided, ${exact ? 'exact over all 2^n sign vectors' : 'exact where the task count allows and Monte Carlo (seeded by the plan, error stated) where it does not'}; a verdict's direction is the sign of Σd_t.`,
    `Family: Holm over the m = ${m} treatment${m === 1 ? '' : 's'} at α = ${alpha}, raw and adjusted p both shown.`,
    `Intervals: the shifts the same test does not reject${intervalAlpha === null ? '' : `, at α/m = ${intervalAlpha.toPrecision(3)} for treatments (Bonferroni)`} and at α for A/A, clipped to [−1, 1]; noninferiority reads the lower end.`,
    `Gates: at least ${minTasks} paired tasks and ${minRepeats} repeats; the A/A arm's own test not rejecting at α; a one-sided paired sign-flip test that the treatment fails regression checks more often than the baseline not rejecting at α.`,
  ];
  const operating = scorecard.method.operating;
  if (operating) {
    parts.push(
      `At this shape (${operating.tasks} tasks × ${operating.repeats} repeats, ${operating.treatments} treatment${operating.treatments === 1 ? '' : 's'}; ${operating.simulations} seeded simulations from the observed baseline rates): family-wise error ${share(operating.familyWiseError)}, A/A false blocks ${share(operating.aaFalseBlock)}, A/A detection of a real −0.05 / −0.10 shift ${share(operating.aaDetects005)} / ${share(operating.aaDetects010)}, regression-gate false blocks ${share(operating.regressionFalseBlock)}.`,
    );
  }
  parts.push(
    'Secondary figures (sign test, Hoeffding interval, pooled Wilson interval) are shown for comparison only; per-arm success rates carry a task-bootstrap interval of the same mean.',
  );
  return parts.join(' ');
}

/** Rows of a power table: effect, tasks, repeats, power. */
export function powerRows(table: PowerTable): string[][] {
  return table.rows.map((row) => [formatSigned(row.effect), `${row.tasks}`, `${row.repeats}`, share(row.power)]);
}

/** Per effect, the cheapest grid point that reaches the target power. */
export function powerNeeded(table: PowerTable): string[] {
  return table.needed.map(
    (n) =>
      `${formatSigned(n.effect)}: ${n.tasks === null ? `no grid point reaches ${table.target}` : `${n.tasks} tasks × ${n.repeats} repeats`}`,
  );
}

export function powerCaption(table: PowerTable): string {
  return `Power of the preregistered analysis (same test, gates and Holm family over m = ${table.treatments}), one treatment at the effect and the others null; ${table.simulations} simulations per row seeded by ${table.seed}; baseline rates: ${table.basis}; shared regression rate ${share(table.regressionRate)}.`;
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
