import type { ArmSummary, Scorecard } from '../contracts/scorecard.js';
import { escapeHtml, headerCells } from './html-parts.js';
import {
  CONTEXT_CALL_ROWS,
  CONTEXT_CALLS_NOTE,
  cellText,
  contextCallCell,
  hunkText,
  MEASURE_LABELS,
  matchText,
  measureText,
  REPRODUCIBILITY_NOTE,
  REVIEW_ARM_COLUMNS,
  REVIEW_NOTE,
  SKILL_SELECTION_NOTE,
  shareText,
} from './scorecard-text.js';
import { trialPageHref } from './trial-page-path.js';

/** The descriptive sections of the HTML scorecard: diagnostics, skills, reproducibility, review, gaps, feasibility, the matrix. */

export function diagnosticsTable(arms: readonly ArmSummary[]): string {
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

export function contextCallsTable(arms: readonly ArmSummary[]): string {
  const rows = CONTEXT_CALL_ROWS.map(
    ([label, cell]) =>
      `<tr><th scope="row">${escapeHtml(label)}</th>${arms.map((a) => `<td class="n">${escapeHtml(contextCallCell(a, cell))}</td>`).join('')}</tr>`,
  );
  return `<h3>Context-tool calls</h3><p class="note">${escapeHtml(CONTEXT_CALLS_NOTE)}</p><table class="diagnostics context-calls"><thead>${headerCells([{ text: 'Measure' }, ...arms.map((a) => ({ text: a.id, numeric: true }))])}</thead><tbody>${rows.join('')}</tbody></table>`;
}

export function skillSelectionSection(scorecard: Scorecard): string {
  if (scorecard.skillSelection.length === 0) return '';
  const rows = scorecard.skillSelection.map(
    (s) =>
      `<tr><th scope="row">${escapeHtml(s.arm)}</th><td class="n">${escapeHtml(shareText(s.expectedUsed))}</td><td class="n">${escapeHtml(shareText(s.unneededUsed))}</td><td class="n">${s.unknown}</td></tr>`,
  );
  return `<section id="skill-selection"><h2>Skill selection</h2><p class="note">${escapeHtml(SKILL_SELECTION_NOTE)}</p><table class="skill-selection"><thead>${headerCells([{ text: 'Arm' }, { text: 'Expected skill used', numeric: true }, { text: 'Unneeded skill used', numeric: true }, { text: 'Unknown', numeric: true }])}</thead><tbody>${rows.join('')}</tbody></table></section>`;
}

export function reproducibilitySection(scorecard: Scorecard): string {
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

export function reviewSection(scorecard: Scorecard): string {
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

export function gapList(scorecard: Scorecard): string {
  if (scorecard.gaps.length === 0)
    return '<p>None: every scheduled trial has a valid receipt, no infrastructure fault occurred and every measure is known.</p>';
  return `<ul class="gaps">${scorecard.gaps
    .map(
      (g) =>
        `<li><strong>${escapeHtml(g.arm ?? 'all arms')}</strong>, ${escapeHtml(g.kind)}: ${escapeHtml(g.detail)}</li>`,
    )
    .join('')}</ul>`;
}

export function feasibilityTable(scorecard: Scorecard): string {
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

export function matrixTable(scorecard: Scorecard): string {
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
