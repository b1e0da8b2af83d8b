import type { AaResult, PairedComparison, Scorecard } from '../contracts/scorecard.js';
import { formatSigned } from '../score/format.js';
import { escapeHtml, num } from './html-parts.js';
import { deltaText, intervalText } from './scorecard-text.js';

export const VERDICT_COLORS: Record<Scorecard['comparisons'][number]['verdict'], string> = {
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

/** Figure 1: the forest plot of Δ with intervals, treatments then the A/A rows. */

const FOREST = { width: 900, label: 16, plotLeft: 180, plotRight: 560, text: 580, top: 34, row: 30, axis: 56 } as const;
const x = (value: number) => FOREST.plotLeft + ((value + 1) / 2) * (FOREST.plotRight - FOREST.plotLeft);

interface ForestRow {
  comparison: PairedComparison;
  kind: 'treatment' | 'aa';
  color: string;
  note: string;
}

function forestRow(row: ForestRow, y: number): string {
  const { comparison } = row;
  const parts = [`<g class="forest-row" data-arm="${escapeHtml(comparison.arm)}" data-kind="${row.kind}">`];
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
    }),
  );
  // The A/A row's label is the A/A gate's own answer: one rule, so label, gate and verdict agree.
  const aa = scorecard.aa.map(
    (a: AaResult): ForestRow => ({
      comparison: a,
      kind: 'aa',
      color: AA_COLOR,
      note: a.blocks ? 'A/A blocks' : 'A/A holds',
    }),
  );
  return [...treatments, ...aa];
}

export function forestPlot(scorecard: Scorecard): string {
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
