import type { Scorecard } from '../contracts/scorecard.js';
import { formatSandbox } from '../plan/format-summary.js';
import { effectText, mdeText } from './comparison-text.js';
import { corpusCardHtml } from './corpus-card.js';
import { filterNote } from './filter-note.js';
import { aaTable, armTables, badge, flipList, gateTable, powerSection, verdictTable } from './html-comparisons.js';
import { forestPlot } from './html-forest.js';
import { escapeHtml, num, STYLE } from './html-parts.js';
import {
  contextCallsTable,
  diagnosticsTable,
  feasibilityTable,
  gapList,
  matrixTable,
  reproducibilitySection,
  reviewSection,
  skillSelectionSection,
} from './html-sections.js';
import { familyText, methodParts } from './method-text.js';
import { pText, title, VERDICT_MEANINGS } from './scorecard-text.js';

export { escapeHtml, STYLE } from './html-parts.js';

function abstract(scorecard: Scorecard): string {
  if (scorecard.comparisons.length === 0) return '<p>The plan has no treatment arm: nothing to compare.</p>';
  const items = scorecard.comparisons.map(
    (c) =>
      `<li>${badge(c.verdict)} <strong>${escapeHtml(c.arm)}</strong> against <strong>${escapeHtml(c.baseline)}</strong>: Δ = ${num(effectText(c))}, ` +
      `Holm-adjusted p = ${num(pText(c.pAdjusted))} over ${c.tasks.paired} paired tasks; minimum detectable gain / loss ${num(mdeText(c))}. <span class="note">${escapeHtml(VERDICT_MEANINGS[c.verdict])}.</span></li>`,
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
    `<figcaption><b>Figure 1.</b> Mean paired difference Δ in task success rate (arm − baseline; repeats averaged inside each task) with intervals inverting the paired sign-flip test, clipped to [−1, 1]; ${escapeHtml(familyText(scorecard))}. Squares: treatments, coloured by verdict. Diamonds: A/A control, labelled with the A/A gate's answer.</figcaption></figure></section>`,
    `<section id="verdicts"><h2>2. Verdicts</h2>${verdictTable(scorecard)}${gateTable(scorecard.comparisons)}</section>`,
    `<section id="method"><h2>Method</h2><ul class="method">${methodParts(scorecard)
      .map((part) => `<li>${escapeHtml(part)}</li>`)
      .join('')}</ul>${powerSection(scorecard)}</section>`,
    `<section id="aa"><h2>3. A/A noise floor</h2>${aaTable(scorecard)}</section>`,
    `<section id="arms"><h2>4. Arms</h2>${armTables(scorecard)}</section>`,
    flipList(scorecard),
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
