import type {
  AaResult,
  ArmSummary,
  PairedComparison,
  Scorecard,
  TreatmentResult,
  Verdict,
} from '../contracts/scorecard.js';
import { formatSandbox } from '../plan/format-summary.js';
import { formatRate, formatSigned } from '../score/format.js';
import { corpusCardHtml } from './corpus-card.js';
import { filterNote } from './filter-note.js';
import {
  armIntervalText,
  CONTEXT_CALL_ROWS,
  CONTEXT_CALLS_NOTE,
  cellText,
  contextCallCell,
  deltaText,
  familyText,
  hunkText,
  intervalText,
  MEASURE_LABELS,
  matchText,
  measureText,
  methodText,
  powerCaption,
  powerNeeded,
  powerRows,
  pText,
  REPRODUCIBILITY_NOTE,
  REVIEW_ARM_COLUMNS,
  REVIEW_NOTE,
  SKILL_SELECTION_NOTE,
  shareText,
  signText,
  testPText,
  title,
  VERDICT_MEANINGS,
  wilsonText,
} from './scorecard-text.js';
import { trialPageHref } from './trial-page-path.js';

const VERDICT_COLORS: Record<Verdict, string> = {
  better: '#1a7f37',
  worse: '#b42318',
  noninferior: '#2f6f9f',
  'no-detectable-difference': '#57606a',
  unqualified: '#9a6700',
  descriptive: '#6e5494',
  incomplete: '#bc4c00',
  excluded: '#8c959f',
};
const AA_COLOR = '#6b7280';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Numbers set with a true minus sign (U+2212), as in print. */
function num(text: string): string {
  return escapeHtml(text).replace(/-(?=\d)/g, '\u2212');
}

/** Print-friendly, system fonts only: nothing is fetched. */
export const STYLE = `
:root { --ink: #1f2328; --muted: #59636e; --rule: #d0d7de; --paper: #ffffff; --accent: #0b4f8a; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f5f1; color: var(--ink); font: 16px/1.5 Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif; }
main { max-width: 1000px; margin: 2rem auto; padding: 2.5rem 3rem; background: var(--paper); box-shadow: 0 1px 3px rgba(0,0,0,.08); }
header { border-bottom: 2px solid var(--ink); padding-bottom: 1rem; margin-bottom: 1.5rem; }
.kicker { margin: 0; font: 600 .75rem/1.2 system-ui, sans-serif; letter-spacing: .12em; text-transform: uppercase; color: var(--accent); }
h1 { margin: .35rem 0 .5rem; font-size: 2rem; font-weight: 600; line-height: 1.2; }
h2 { margin: 2.25rem 0 .75rem; font-size: 1.3rem; font-weight: 600; border-bottom: 1px solid var(--rule); padding-bottom: .25rem; }
h3 { margin: 1.25rem 0 .5rem; font-size: 1.05rem; font-weight: 600; }
.meta, .plan, figcaption, .note { color: var(--muted); font-size: .9rem; }
.meta, .plan { margin: .15rem 0; }
code { font: .85em ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; word-break: break-all; }
.banner { margin: 1rem 0; padding: .75rem 1rem; border-left: 4px solid #6e5494; background: #f4f0fa; }
.abstract { margin: 0; padding: 0; list-style: none; }
.abstract li { margin: .35rem 0; }
figure { margin: 1rem 0 1.5rem; }
figcaption { margin-top: .5rem; }
figcaption b { color: var(--ink); }
svg.forest { width: 100%; height: auto; display: block; font-family: system-ui, sans-serif; }
svg.forest text { font-size: 12px; fill: var(--ink); }
svg.forest .muted { fill: var(--muted); }
svg.forest .num { font-variant-numeric: tabular-nums; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 11.5px; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; font-size: .88rem; border-top: 2px solid var(--ink); border-bottom: 2px solid var(--ink); }
thead th { border-bottom: 1px solid var(--ink); font-weight: 600; text-align: left; vertical-align: bottom; }
th, td { padding: .35rem .5rem; vertical-align: top; }
tbody th { text-align: left; white-space: nowrap; font-weight: 600; }
tbody tr + tr td, tbody tr + tr th { border-top: 1px solid #eef0f2; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; color: #fff; font: 600 .78rem/1.5 system-ui, sans-serif; white-space: nowrap; }
.holds { color: #1a7f37; } .fails { color: #b42318; }
dl.reasons { margin: .75rem 0 0; } dl.reasons dt { margin-top: .6rem; font-weight: 600; } dl.reasons dd { margin: .15rem 0 0 1.25rem; } dl.reasons ul { margin: 0; padding-left: 1rem; }
ul.gaps li { margin: .2rem 0; }
.table-scroll { overflow-x: auto; }
table.matrix { font-size: .8rem; width: auto; min-width: 60%; }
table.matrix td.cell { text-align: center; min-width: 5.5rem; font-variant-numeric: tabular-nums; }
table.matrix td.gap { outline: 2px dashed #bc4c00; outline-offset: -3px; }
table.matrix td.cell a { color: inherit; font-size: .72rem; margin: 0 .15rem; }
.legend { display: flex; align-items: center; gap: .5rem; font-size: .8rem; color: var(--muted); }
.legend .ramp { width: 140px; height: 10px; background: linear-gradient(90deg, rgb(247,251,255), rgb(8,81,156)); border: 1px solid var(--rule); }
footer { margin-top: 2.5rem; padding-top: .75rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: .8rem; }
@media print { body { background: none; } main { box-shadow: none; margin: 0; padding: 0; } }
`;

function badge(verdict: Verdict): string {
  return `<span class="badge" style="background:${VERDICT_COLORS[verdict]}">${escapeHtml(verdict)}</span>`;
}

function headerCells(cells: readonly { text: string; numeric?: boolean }[]): string {
  return `<tr>${cells.map((c) => `<th${c.numeric ? ' class="n"' : ''}>${escapeHtml(c.text)}</th>`).join('')}</tr>`;
}

// ---- Figure 1: forest plot of Δ with intervals, treatments then the A/A rows -------------------

const FOREST = { width: 900, label: 16, plotLeft: 180, plotRight: 560, text: 580, top: 34, row: 30, axis: 56 } as const;
const x = (value: number) => FOREST.plotLeft + ((value + 1) / 2) * (FOREST.plotRight - FOREST.plotLeft);

interface ForestRow {
  comparison: PairedComparison;
  kind: 'treatment' | 'aa';
  color: string;
  note: string;
  band: number | null;
}

function forestRow(row: ForestRow, y: number): string {
  const { comparison } = row;
  const parts = [`<g class="forest-row" data-arm="${escapeHtml(comparison.arm)}" data-kind="${row.kind}">`];
  if (row.band !== null) {
    parts.push(
      `<rect x="${x(-row.band)}" y="${y - 11}" width="${x(row.band) - x(-row.band)}" height="22" fill="#eceff3"/>`,
    );
  }
  parts.push(`<text x="${FOREST.label}" y="${y + 4}">${escapeHtml(comparison.arm)}</text>`);
  if (comparison.delta === null || comparison.interval === null) {
    parts.push(`<text class="muted" x="${x(0) + 8}" y="${y + 4}">no paired task</text>`);
  } else {
    const { low, high } = comparison.interval;
    const cx = x(comparison.delta);
    parts.push(
      `<line x1="${x(low)}" x2="${x(high)}" y1="${y}" y2="${y}" stroke="${row.color}" stroke-width="2"/>`,
      `<line x1="${x(low)}" x2="${x(low)}" y1="${y - 5}" y2="${y + 5}" stroke="${row.color}" stroke-width="2"/>`,
      `<line x1="${x(high)}" x2="${x(high)}" y1="${y - 5}" y2="${y + 5}" stroke="${row.color}" stroke-width="2"/>`,
      row.kind === 'aa'
        ? `<polygon class="marker" points="${cx},${y - 7} ${cx + 7},${y} ${cx},${y + 7} ${cx - 7},${y}" fill="#fff" stroke="${row.color}" stroke-width="2"/>`
        : `<rect class="marker" x="${cx - 5.5}" y="${y - 5.5}" width="11" height="11" fill="${row.color}"/>`,
    );
    parts.push(
      `<text class="num" x="${FOREST.text}" y="${y + 4}">${num(`${deltaText(comparison)} ${intervalText(comparison)}`)}</text>`,
    );
  }
  parts.push(
    `<text class="muted" x="${FOREST.width - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(row.note)}</text>`,
    '</g>',
  );
  return parts.join('');
}

function forestRows(scorecard: Scorecard): ForestRow[] {
  const treatments = scorecard.comparisons.map(
    (c): ForestRow => ({
      comparison: c,
      kind: 'treatment',
      color: VERDICT_COLORS[c.verdict],
      note: c.verdict,
      band: null,
    }),
  );
  const aa = scorecard.aa.map(
    (a: AaResult): ForestRow => ({
      comparison: a,
      kind: 'aa',
      color: AA_COLOR,
      note: a.withinLimit === null ? 'limit unknown' : a.withinLimit ? 'within limit' : 'beyond limit',
      band: a.limit,
    }),
  );
  return [...treatments, ...aa];
}

function forestPlot(scorecard: Scorecard): string {
  const rows = forestRows(scorecard);
  const separator = scorecard.comparisons.length > 0 && scorecard.aa.length > 0 ? 12 : 0;
  const rowY = (index: number) =>
    FOREST.top + FOREST.row / 2 + index * FOREST.row + (index >= scorecard.comparisons.length ? separator : 0);
  const plotBottom = FOREST.top + rows.length * FOREST.row + separator + 6;
  const height = plotBottom + FOREST.axis;
  const ticks = [-1, -0.5, 0, 0.5, 1];
  const margin = scorecard.policy.noninferiorityMargin;
  const grid = ticks.map(
    (t) =>
      `<line x1="${x(t)}" x2="${x(t)}" y1="${FOREST.top - 4}" y2="${plotBottom}" stroke="${t === 0 ? '#1f2328' : '#e5e7eb'}" stroke-width="${t === 0 ? 1.25 : 1}"/>` +
      `<text class="muted" x="${x(t)}" y="${plotBottom + 16}" text-anchor="middle">${t === 0 ? '0' : num(formatSigned(t).replace(/0+$/, '').replace(/\.$/, ''))}</text>`,
  );
  const marginLine =
    margin === null
      ? ''
      : `<line x1="${x(-margin)}" x2="${x(-margin)}" y1="${FOREST.top - 4}" y2="${plotBottom}" stroke="#2f6f9f" stroke-dasharray="4 3"/>` +
        `<text x="${x(-margin)}" y="${FOREST.top - 10}" text-anchor="middle" style="fill:#2f6f9f">−margin</text>`;
  const sepLine =
    separator > 0
      ? `<line x1="${FOREST.label}" x2="${FOREST.width - 8}" y1="${rowY(scorecard.comparisons.length) - FOREST.row / 2 - separator / 2}" y2="${rowY(scorecard.comparisons.length) - FOREST.row / 2 - separator / 2}" stroke="#d0d7de" stroke-dasharray="2 3"/>`
      : '';
  const body =
    rows.length === 0
      ? `<text class="muted" x="${x(0)}" y="${FOREST.top + 20}" text-anchor="middle">no comparison to plot</text>`
      : rows.map((row, i) => forestRow(row, rowY(i))).join('');
  return [
    `<svg class="forest" role="img" viewBox="0 0 ${FOREST.width} ${height}" width="${FOREST.width}" height="${height}" aria-labelledby="forest-title">`,
    `<title id="forest-title">Paired difference in success rate against the baseline, with intervals</title>`,
    `<text class="muted" x="${FOREST.label}" y="${FOREST.top - 12}">Arm</text>`,
    `<text class="muted" x="${FOREST.text}" y="${FOREST.top - 12}">Δ [interval]</text>`,
    `<text class="muted" x="${FOREST.width - 8}" y="${FOREST.top - 12}" text-anchor="end">Verdict</text>`,
    ...grid,
    marginLine,
    sepLine,
    body,
    `<text class="muted" x="${FOREST.plotLeft}" y="${plotBottom + 38}">← favours baseline</text>`,
    `<text class="muted" x="${FOREST.plotRight}" y="${plotBottom + 38}" text-anchor="end">favours arm →</text>`,
    `<text x="${x(0)}" y="${plotBottom + 38}" text-anchor="middle">Δ success rate</text>`,
    '</svg>',
  ].join('');
}

// ---- Tables ------------------------------------------------------------------------------------

function verdictTable(comparisons: readonly TreatmentResult[]): string {
  const rows = comparisons.map(
    (c) =>
      `<tr><th scope="row">${escapeHtml(c.arm)}</th><td>${badge(c.verdict)}</td>` +
      `<td class="n">${num(deltaText(c))}</td><td class="n">${num(intervalText(c))}</td>` +
      `<td class="n">${num(testPText(c))}</td><td class="n">${num(pText(c.pAdjusted))}</td><td class="n">${c.power === null ? 'n/a' : c.power.power.toFixed(3)}</td><td class="n">${c.tasks.paired}/${c.tasks.scheduled}</td>` +
      `<td class="n">${c.armOnlyWins}/${c.baselineOnlyWins}</td><td class="n">${escapeHtml(signText(c))} (${num(pText(c.secondary.signTest.p))})</td></tr>`,
  );
  const reasons = comparisons.map(
    (c) =>
      `<dt>${escapeHtml(c.arm)}: ${badge(c.verdict)}</dt><dd><ul>${c.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></dd>`,
  );
  return (
    `<div class="table-scroll"><table class="verdicts"><thead>${headerCells([
      { text: 'Treatment' },
      { text: 'Verdict' },
      { text: 'Δ', numeric: true },
      { text: 'Interval', numeric: true },
      { text: 'p', numeric: true },
      { text: 'Holm p', numeric: true },
      { text: 'Power +0.15', numeric: true },
      { text: 'Paired', numeric: true },
      { text: 'Solo wins', numeric: true },
      { text: 'Secondary: sign test w/l/t (p)', numeric: true },
    ])}</thead><tbody>${rows.join('')}</tbody></table></div>` +
    `<p class="note">p: paired sign-flip permutation test. Power +0.15: the chance this experiment had to call a true +0.15 gain better. Paired: tasks with every repeat valid on both sides, of those scheduled. Solo wins: paired (task, repeat) trials that only the arm / only the baseline solved. w/l/t (secondary): paired tasks where the arm's success rate is higher, lower, equal.</p>` +
    `<h3>Reasons</h3><dl class="reasons">${reasons.join('')}</dl>`
  );
}

function gateTable(comparisons: readonly TreatmentResult[]): string {
  if (comparisons.length === 0) return '';
  const names = comparisons[0]!.gates.map((g) => g.gate);
  const rows = comparisons.map(
    (c) =>
      `<tr><th scope="row">${escapeHtml(c.arm)}</th>${c.gates
        .map(
          (g) =>
            `<td><span class="${g.holds ? 'holds' : 'fails'}">${g.holds ? '✓ holds' : '✗ fails'}</span><br>${escapeHtml(g.detail)}</td>`,
        )
        .join('')}</tr>`,
  );
  return `<h3>Qualification gates</h3><table class="gates"><thead>${headerCells([{ text: 'Treatment' }, ...names.map((n) => ({ text: n }))])}</thead><tbody>${rows.join('')}</tbody></table>`;
}

function aaTable(scorecard: Scorecard): string {
  if (scorecard.aa.length === 0)
    return '<p class="note">No aa-control arm was preregistered: there is no A/A evidence, so no claim can be qualified.</p>';
  const rows = scorecard.aa.map(
    (a) =>
      `<tr><th scope="row">${escapeHtml(a.arm)}</th><td class="n">${num(deltaText(a))}</td><td class="n">${num(intervalText(a))}</td>` +
      `<td class="n">${num(testPText(a))}</td><td>${a.blocks ? '<span class="fails">blocks</span>' : '<span class="holds">holds</span>'}</td><td class="n">${a.limit}</td>` +
      `<td>${a.withinLimit === null ? 'unknown' : a.withinLimit ? '<span class="holds">within</span>' : '<span class="fails">beyond</span>'}</td></tr>`,
  );
  return `<table class="aa"><thead>${headerCells([
    { text: 'A/A arm' },
    { text: 'Δ_AA', numeric: true },
    { text: 'Interval (α)', numeric: true },
    { text: 'p', numeric: true },
    { text: 'A/A gate' },
    { text: 'Limit', numeric: true },
    { text: '|Δ_AA| vs limit' },
  ])}</thead><tbody>${rows.join('')}</tbody></table>`;
}

function armTable(arms: readonly ArmSummary[]): string {
  const rows = arms.map(
    (a) =>
      `<tr><th scope="row">${escapeHtml(a.id)}</th><td>${escapeHtml(a.role)}</td><td>${escapeHtml(a.adapter)}${a.synthetic ? ' <em>(synthetic)</em>' : ''}</td>` +
      `<td>${escapeHtml(a.provider ?? '—')}</td><td class="n">${a.successRate === null ? 'unknown' : formatRate(a.successRate)}</td>` +
      `<td class="n">${num(armIntervalText(a))}</td><td class="n">${num(wilsonText(a))}</td>` +
      `<td class="n">${a.trials.success} / ${a.trials.failure} / ${a.trials.invalid} / ${a.trials.missing}</td>` +
      `<td class="n">${a.trials.agentError} / ${a.trials.timeout}</td><td class="n">${a.trials.setupFailed}</td><td class="n">${a.trials.reattempts}</td><td class="n">${a.regressionFailures}</td></tr>`,
  );
  return (
    `<div class="table-scroll"><table class="arms"><thead>${headerCells([
      { text: 'Arm' },
      { text: 'Role' },
      { text: 'Agent' },
      { text: 'Provider' },
      { text: 'Success rate', numeric: true },
      { text: 'Task-bootstrap 95%', numeric: true },
      { text: 'Secondary: Wilson 95%', numeric: true },
      { text: 'Success / failure / invalid / missing', numeric: true },
      { text: 'Of failures: agent error / timeout', numeric: true },
      { text: 'Setup failed', numeric: true },
      { text: 'Re-attempts', numeric: true },
      { text: 'Regression failures', numeric: true },
    ])}</thead><tbody>${rows.join('')}</tbody></table></div>` +
    '<p class="note">Success rate: mean over tasks of the success rate over valid repeats, with a percentile bootstrap interval resampling tasks. Wilson 95% (secondary): pools trials and ignores tasks, so it is too narrow.</p>'
  );
}

function diagnosticsTable(arms: readonly ArmSummary[]): string {
  const names = Object.keys(MEASURE_LABELS) as (keyof typeof MEASURE_LABELS)[];
  const rows = names.map(
    (name) =>
      `<tr><th scope="row">${escapeHtml(MEASURE_LABELS[name])}</th>${arms
        .map(
          (a) =>
            `<td class="n">${escapeHtml(measureText(name, a.diagnostics[name].mean))} <span class="note">(n=${a.diagnostics[name].known})</span></td>`,
        )
        .join('')}</tr>`,
  );
  return `<table class="diagnostics"><thead>${headerCells([{ text: 'Measure' }, ...arms.map((a) => ({ text: a.id, numeric: true }))])}</thead><tbody>${rows.join('')}</tbody></table>`;
}

function contextCallsTable(arms: readonly ArmSummary[]): string {
  const rows = CONTEXT_CALL_ROWS.map(
    ([label, cell]) =>
      `<tr><th scope="row">${escapeHtml(label)}</th>${arms.map((a) => `<td class="n">${escapeHtml(contextCallCell(a, cell))}</td>`).join('')}</tr>`,
  );
  return `<h3>Context-tool calls</h3><p class="note">${escapeHtml(CONTEXT_CALLS_NOTE)}</p><table class="diagnostics context-calls"><thead>${headerCells([{ text: 'Measure' }, ...arms.map((a) => ({ text: a.id, numeric: true }))])}</thead><tbody>${rows.join('')}</tbody></table>`;
}

function skillSelectionSection(scorecard: Scorecard): string {
  if (scorecard.skillSelection.length === 0) return '';
  const rows = scorecard.skillSelection.map(
    (s) =>
      `<tr><th scope="row">${escapeHtml(s.arm)}</th><td class="n">${escapeHtml(shareText(s.expectedUsed))}</td><td class="n">${escapeHtml(shareText(s.unneededUsed))}</td><td class="n">${s.unknown}</td></tr>`,
  );
  return `<section id="skill-selection"><h2>Skill selection</h2><p class="note">${escapeHtml(SKILL_SELECTION_NOTE)}</p><table class="skill-selection"><thead>${headerCells([{ text: 'Arm' }, { text: 'Expected skill used', numeric: true }, { text: 'Unneeded skill used', numeric: true }, { text: 'Unknown', numeric: true }])}</thead><tbody>${rows.join('')}</tbody></table></section>`;
}

function reproducibilitySection(scorecard: Scorecard): string {
  const measured = scorecard.reproducibility;
  if (measured === null) return '';
  const rows = measured.rows.map(
    (row) =>
      `<tr><th scope="row">${escapeHtml(row.arm)}</th><td><code>${escapeHtml(row.taskId)}</code></td>${[
        row.outcome,
        row.files,
        row.lines,
        row.matched,
      ]
        .map((value) => `<td>${escapeHtml(matchText(value))}</td>`)
        .join('')}</tr>`,
  );
  const shares = [
    ...measured.arms.map((arm) => [arm.arm, arm.matched] as const),
    ['all arms', measured.matched] as const,
  ]
    .map(
      ([arm, share]) =>
        `<tr><th scope="row">${escapeHtml(arm)}</th><td class="n">${escapeHtml(shareText(share))}</td></tr>`,
    )
    .join('');
  return `<section id="reproducibility"><h2>Reproducibility</h2><p class="note">${escapeHtml(REPRODUCIBILITY_NOTE)}</p><table class="reproducibility"><thead>${headerCells([{ text: 'Arm' }, { text: 'Task' }, { text: 'Outcome' }, { text: 'Files changed' }, { text: 'Line counts' }, { text: 'Matched' }])}</thead><tbody>${rows.join('')}</tbody></table><table class="reproducibility-share"><thead>${headerCells([{ text: 'Arm' }, { text: 'Matched', numeric: true }])}</thead><tbody>${shares}</tbody></table></section>`;
}

function reviewSection(scorecard: Scorecard): string {
  const overlay = scorecard.review;
  if (overlay === null) return '';
  const arms = overlay.arms
    .map(
      (a) =>
        `<tr><th scope="row">${escapeHtml(a.arm)}</th>${[a.passed, a.reviewed, a.passedWithRejections, a.reviewAdjustedPassed, a.rejectedEdits].map((n) => `<td class="n">${n}</td>`).join('')}</tr>`,
    )
    .join('');
  const rejected = overlay.trials
    .flatMap((t) =>
      t.rejected.map(
        (edit) =>
          `<tr><th scope="row"><a href="${escapeHtml(trialPageHref(t.taskId, t.arm, t.repeat))}">${escapeHtml(`${t.taskId}/${t.arm}#${t.repeat}`)}</a></th><td>${escapeHtml(t.status)}</td><td><code>${escapeHtml(edit.file)}</code></td><td>${escapeHtml(hunkText(edit.hunk))}</td><td>${escapeHtml(edit.reason)}</td></tr>`,
      ),
    )
    .join('');
  const rejectedTable =
    rejected === ''
      ? ''
      : `<table class="review-rejected"><thead>${headerCells([{ text: 'Trial' }, { text: 'Oracle' }, { text: 'File' }, { text: 'Edit' }, { text: 'Reason' }])}</thead><tbody>${rejected}</tbody></table>`;
  const files = overlay.files
    .map((f) => `<li><code>${escapeHtml(f.path)}</code> <code>${escapeHtml(f.digest)}</code></li>`)
    .join('');
  return `<section id="review"><h2>Human review</h2><p class="note">${escapeHtml(REVIEW_NOTE)}</p><table class="review"><thead>${headerCells(REVIEW_ARM_COLUMNS.map((text, i) => ({ text, numeric: i > 0 })))}</thead><tbody>${arms}</tbody></table>${rejectedTable}<p>Review files read:</p><ul class="review-files">${files}</ul></section>`;
}

function gapList(scorecard: Scorecard): string {
  if (scorecard.gaps.length === 0)
    return '<p>None: every scheduled trial has a valid receipt and every measure is known.</p>';
  return `<ul class="gaps">${scorecard.gaps
    .map(
      (g) =>
        `<li><strong>${escapeHtml(g.arm ?? 'all arms')}</strong>, ${escapeHtml(g.kind)}: ${escapeHtml(g.detail)}</li>`,
    )
    .join('')}</ul>`;
}

function feasibilityTable(scorecard: Scorecard): string {
  const rows = Object.entries(scorecard.feasibility).map(
    ([name, gate]) =>
      `<tr><th scope="row">${escapeHtml(name)}</th><td>${gate.passed ? 'passed' : '<strong>failed</strong>'}</td><td>${escapeHtml(gate.detail)}</td></tr>`,
  );
  return `<table class="feasibility"><thead>${headerCells([{ text: 'Gate' }, { text: 'Result' }, { text: 'Detail' }])}</thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Sequential blue ramp for a success rate; null (no valid trial) stays neutral. */
function rateColor(rate: number | null): string {
  if (rate === null) return 'background:#f1f1f1;color:#59636e';
  const mix = (from: number, to: number) => Math.round(from + (to - from) * rate);
  return `background:rgb(${mix(247, 8)},${mix(251, 81)},${mix(255, 156)});color:${rate >= 0.55 ? '#fff' : '#1f2328'}`;
}

/** One link per repeat of a (task, arm) cell, to the page of that trial. */
function repeatLinks(scorecard: Scorecard, taskId: string, arm: string): string {
  return Array.from({ length: scorecard.repeats }, (_, index) => index + 1)
    .map((repeat) => `<a href="${escapeHtml(trialPageHref(taskId, arm, repeat))}">#${repeat}</a>`)
    .join('');
}

function matrixTable(scorecard: Scorecard): string {
  const rows = scorecard.matrix.map(
    (row) =>
      `<tr><th scope="row"><code>${escapeHtml(row.taskId)}</code></th><td>${escapeHtml(row.category)}</td><td>${escapeHtml(row.surface)}</td>${row.cells
        .map((c) => {
          const gap = c.invalid > 0 || c.missing > 0;
          return `<td class="cell${gap ? ' gap' : ''}" data-arm="${escapeHtml(c.arm)}" style="${rateColor(c.rate)}">${escapeHtml(cellText(c))}<br>${repeatLinks(scorecard, row.taskId, c.arm)}</td>`;
        })
        .join('')}</tr>`,
  );
  return `<div class="table-scroll"><table class="matrix"><thead>${headerCells([
    { text: 'Task' },
    { text: 'Category' },
    { text: 'Surface' },
    ...scorecard.arms.map((a) => ({ text: a.id })),
  ])}</thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function powerSection(scorecard: Scorecard): string {
  const table = scorecard.method.power;
  if (table === null) return '';
  const rows = powerRows(table).map((row) => `<tr>${row.map((c) => `<td class="n">${num(c)}</td>`).join('')}</tr>`);
  return (
    `<h3>Power for stage 2</h3><p class="note">${escapeHtml(powerCaption(table))}</p>` +
    `<table class="power"><thead>${headerCells([
      { text: 'Effect', numeric: true },
      { text: 'Tasks', numeric: true },
      { text: 'Repeats', numeric: true },
      { text: 'Power', numeric: true },
    ])}</thead><tbody>${rows.join('')}</tbody></table>` +
    `<p>Needed for ${table.target} power:</p><ul>${powerNeeded(table)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join('')}</ul>`
  );
}

function abstract(scorecard: Scorecard): string {
  if (scorecard.comparisons.length === 0) return '<p>The plan has no treatment arm: nothing to compare.</p>';
  const items = scorecard.comparisons.map(
    (c) =>
      `<li>${badge(c.verdict)} <strong>${escapeHtml(c.arm)}</strong> against <strong>${escapeHtml(c.baseline)}</strong>: Δ = ${num(deltaText(c))} ${num(intervalText(c))}, ` +
      `Holm-adjusted p = ${num(pText(c.pAdjusted))} over ${c.tasks.paired} paired tasks. <span class="note">${escapeHtml(VERDICT_MEANINGS[c.verdict])}.</span></li>`,
  );
  return `<ul class="abstract">${items.join('')}</ul>`;
}

/** The scorecard as one self-contained HTML page: inline CSS and SVG, no script, nothing fetched. */
export function renderHtml(scorecard: Scorecard): string {
  const { experiment, corpus } = scorecard;
  const heading = title(scorecard);
  const filtered = filterNote(scorecard);
  const banner = [
    scorecard.synthetic
      ? '<p class="banner"><strong>Synthetic run.</strong> A synthetic agent took part: nothing in this scorecard can be qualified.</p>'
      : '',
    filtered === null ? '' : `<p class="banner"><strong>Filtered run.</strong> ${escapeHtml(filtered)}</p>`,
  ].join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)} · Crossover scorecard</title>`,
    `<style>${STYLE}</style>`,
    '</head><body><main>',
    `<header><p class="kicker">Crossover scorecard</p><h1>${escapeHtml(heading)}</h1>`,
    `<p class="meta">Experiment <code>${escapeHtml(experiment.id)}</code> · stage ${experiment.stage} · corpus <code>${escapeHtml(corpus.id)}</code> ${escapeHtml(corpus.version)} · ${scorecard.matrix.length} tasks × ${scorecard.repeats} repeats · ${scorecard.arms.length} arms · sandbox ${escapeHtml(formatSandbox(scorecard.sandbox))}</p>`,
    `<p class="plan">Plan <code>${escapeHtml(scorecard.planId)}</code></p></header>`,
    banner,
    `<section id="summary"><h2>Summary</h2>${abstract(scorecard)}</section>`,
    `<section id="forest"><h2>1. Effect on task success</h2><figure>${forestPlot(scorecard)}`,
    `<figcaption><b>Figure 1.</b> Mean paired difference Δ in task success rate (arm − baseline; repeats averaged inside each task) with intervals inverting the paired sign-flip test, clipped to [−1, 1]; ${escapeHtml(familyText(scorecard))}. Squares: treatments, coloured by verdict. Diamonds: A/A control, with its noise limit shaded.</figcaption></figure></section>`,
    `<section id="verdicts"><h2>2. Verdicts</h2>${verdictTable(scorecard.comparisons)}${gateTable(scorecard.comparisons)}</section>`,
    `<section id="method"><h2>Method</h2><p>${escapeHtml(methodText(scorecard))}</p>${powerSection(scorecard)}</section>`,
    `<section id="aa"><h2>3. A/A noise floor</h2>${aaTable(scorecard)}</section>`,
    `<section id="arms"><h2>4. Arms</h2>${armTable(scorecard.arms)}</section>`,
    `<section id="diagnostics"><h2>5. Diagnostics</h2><p class="note">Means over the trials where each measure is known (n); unknown is never shown as 0. Descriptive only: no verdict rests on them. Relevant-file recall counts only tasks with preregistered relevant files.</p>${diagnosticsTable(scorecard.arms)}${contextCallsTable(scorecard.arms)}</section>`,
    skillSelectionSection(scorecard),
    reproducibilitySection(scorecard),
    reviewSection(scorecard),
    `<section id="gaps"><h2>6. Evidence gaps</h2>${gapList(scorecard)}</section>`,
    `<section id="feasibility"><h2>7. Feasibility</h2><p class="note">Whether the run itself worked; stage 2 needs a stage-1 scorecard that passed every gate.</p>${feasibilityTable(scorecard)}</section>`,
    corpusCardHtml(scorecard.corpusCard, escapeHtml),
    `<section id="matrix"><h2>8. Outcomes by task</h2><figure>${matrixTable(scorecard)}`,
    `<figcaption><b>Figure 2.</b> Successes over valid repeats per task and arm; colour is the task's success rate. Dashed outline: a missing or invalid trial. Each #n opens that repeat's trial: its transcript, tool calls, diff and checks.</figcaption>`,
    '<div class="legend">0<span class="ramp"></span>1 success rate</div></figure></section>',
    `<footer>Computed by Crossover from the plan and its receipts only (schema ${escapeHtml(scorecard.schema)}). Verdicts rest on hidden executable checks alone.</footer>`,
    '</main></body></html>',
    '',
  ].join('\n');
}
