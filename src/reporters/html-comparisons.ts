import type { Scorecard, TreatmentResult, Verdict } from '../contracts/scorecard.js';
import {
  AA_COLUMNS,
  ARM_COLUMNS,
  aaCells,
  armCells,
  FLIPS_NOTE,
  flipText,
  INFRASTRUCTURE_COLUMNS,
  INFRASTRUCTURE_NOTE,
  infrastructureCells,
  powerHeader,
  SECONDARY_COLUMNS,
  secondaryCells,
  TRIAL_COLUMNS,
  trialCells,
  VERDICT_COLUMNS,
  verdictCells,
} from './comparison-text.js';
import { VERDICT_COLORS } from './html-forest.js';
import { escapeHtml, headerCells, num, simpleTable } from './html-parts.js';
import { powerCaption, powerRows, SAMPLE_SIZE_COLUMNS, sampleSizeRows } from './method-text.js';
import { flipPageHref } from './trial-page-path.js';

/** The comparison tables of the HTML scorecard: verdicts, gates, A/A, arms, infrastructure, flips, power. */

export function badge(verdict: Verdict): string {
  return `<span class="badge" style="background:${VERDICT_COLORS[verdict]}">${escapeHtml(verdict)}</span>`;
}

function reasonList(comparisons: readonly TreatmentResult[]): string {
  const items = comparisons.map(
    (c) =>
      `<dt>${escapeHtml(c.arm)}: ${badge(c.verdict)}</dt><dd><ul>${c.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></dd>`,
  );
  return `<h3>Reasons</h3><dl class="reasons">${items.join('')}</dl>`;
}

export function verdictTable(scorecard: Scorecard): string {
  const { comparisons } = scorecard;
  const rows = comparisons.map(
    (c) =>
      `<tr><th scope="row">${escapeHtml(c.arm)}</th><td>${badge(c.verdict)}</td>${verdictCells(c)
        .map((cell) => `<td class="n">${num(cell)}</td>`)
        .join('')}</tr>`,
  );
  const columns = VERDICT_COLUMNS.map((text, i) => ({
    text: text === 'Power' ? powerHeader(scorecard) : text,
    numeric: i > 1,
  }));
  return (
    `<table class="verdicts"><thead>${headerCells(columns)}</thead><tbody>${rows.join('')}</tbody></table>` +
    `<p class="note">Δ [interval]: the mean paired difference with the interval inverting the paired sign-flip test at the level Holm tested it. MDE: the smallest gain / loss this design calls better / worse with 80% power at α/m. Power: simulated, ± its 95% Monte-Carlo error. Paired: tasks with every repeat valid on both sides, of those scheduled.</p>` +
    reasonList(comparisons) +
    '<h3>Secondary figures</h3><p class="note">Shown for comparison; no verdict rests on them. w/l/t: paired tasks where the arm\'s rate is higher, lower, equal. Only-arm / only-baseline wins: paired (task, repeat) trials only one side solved.</p>' +
    simpleTable(
      'secondary',
      SECONDARY_COLUMNS,
      comparisons.map((c) => [c.arm, ...secondaryCells(c)]),
    )
  );
}

export function gateTable(comparisons: readonly TreatmentResult[]): string {
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

export function aaTable(scorecard: Scorecard): string {
  if (scorecard.aa.length === 0)
    return '<p class="note">No aa-control arm was preregistered: there is no A/A evidence, so no claim can be qualified.</p>';
  const rows = scorecard.aa.map((a) => {
    const [effect, p, paired] = aaCells(a);
    const gate = a.blocks ? '<span class="fails">blocks</span>' : '<span class="holds">holds</span>';
    return `<tr><th scope="row">${escapeHtml(a.arm)}</th><td class="n">${num(effect!)}</td><td class="n">${num(p!)}</td><td class="n">${paired}</td><td>${gate}</td></tr>`;
  });
  return (
    '<p class="note">One rule: the A/A gate blocks every treatment when the A/A arm\'s own test rejects at α or its comparison is incomplete; the figure labels its row with the same answer.</p>' +
    `<table class="aa"><thead>${headerCells(AA_COLUMNS.map((text, i) => ({ text, numeric: i > 0 && i < 4 })))}</thead><tbody>${rows.join('')}</tbody></table>`
  );
}

export function armTables(scorecard: Scorecard): string {
  const rows = (cells: (arm: Scorecard['arms'][number]) => string[]) => scorecard.arms.map((a) => [a.id, ...cells(a)]);
  return (
    simpleTable('arms', ARM_COLUMNS, rows(armCells), (column) => column >= 4 && column <= 6) +
    '<p class="note">Success rate: mean over tasks of the success rate over valid repeats, with its percentile bootstrap interval resampling tasks (one estimator, one interval). pass@k / pass^k for k = 1, 2, …: the unbiased chance that at least one / all of k repeats succeed. Per solved task: the known cost and tokens of valid trials over their successes.</p>' +
    `<h3>Trials</h3>${simpleTable('trials', TRIAL_COLUMNS, rows(trialCells))}` +
    `<h3>Infrastructure</h3><p class="note">${escapeHtml(INFRASTRUCTURE_NOTE)}</p>${simpleTable(
      'infrastructure',
      INFRASTRUCTURE_COLUMNS,
      rows(infrastructureCells),
      (column) => column > 0 && column < INFRASTRUCTURE_COLUMNS.length - 1,
    )}`
  );
}

export function flipList(scorecard: Scorecard): string {
  if (scorecard.comparisons.length === 0) return '';
  const items = scorecard.flips.map(
    (f) =>
      `<li><a href="${escapeHtml(flipPageHref(f.arm, f.taskId))}"><strong>${escapeHtml(f.arm)}</strong> on <code>${escapeHtml(f.taskId)}</code></a>: ${num(flipText(f))}</li>`,
  );
  const list =
    items.length === 0
      ? '<p>No paired task where a treatment and the baseline disagree.</p>'
      : `<ul class="flips">${items.join('')}</ul>`;
  return `<section id="flips"><h2>Flips</h2><p class="note">${escapeHtml(FLIPS_NOTE)}</p>${list}</section>`;
}

export function powerSection(scorecard: Scorecard): string {
  const table = scorecard.method.power;
  if (table === null) return '';
  const cells = (rows: string[][]) =>
    rows.map((row) => `<tr>${row.map((c) => `<td class="n">${num(c)}</td>`).join('')}</tr>`).join('');
  const grid =
    table.rows.length === 0
      ? ''
      : `<table class="power"><thead>${headerCells(['Effect', 'Tasks', 'Repeats', 'Power'].map((text) => ({ text, numeric: true })))}</thead><tbody>${cells(powerRows(table))}</tbody></table>`;
  return (
    `<h3>Sample sizes for stage 2</h3><p class="note">${escapeHtml(powerCaption(table))}</p>` +
    `<table class="sample-sizes"><thead>${headerCells(SAMPLE_SIZE_COLUMNS.map((text) => ({ text, numeric: true })))}</thead><tbody>${cells(sampleSizeRows(table.needed))}</tbody></table>` +
    grid
  );
}
