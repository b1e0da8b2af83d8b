import type { Evidence } from '../contracts/evidence.js';
import type { Receipt } from '../contracts/receipt.js';
import type { Flip } from '../contracts/scorecard.js';
import { escapeHtml, STYLE } from './html-parts.js';
import { diffBlock, list, PAGE_STYLE } from './trial-page.js';
import { trialPageHref } from './trial-page-path.js';
import { trialStory } from './trial-story.js';

/** One side of a flip at one repeat: the trial's counted receipt and its evidence, when stored. */
export interface FlipSide {
  arm: string;
  repeat: number;
  receipt: Receipt | null;
  evidence: Evidence | null;
  note: string | null;
}

const FLIP_STYLE = `
.sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1.25rem; }
.side { min-width: 0; border-top: 3px solid var(--rule); padding-top: .5rem; }
.side.passed { border-top-color: #1a7f37; } .side.failed { border-top-color: #b42318; }
.side h3 { margin-top: 0; }
ul.failed-checks li { margin: .3rem 0; } ul.failed-checks pre { margin: .25rem 0 0; }
`;

function failedChecks(receipt: Receipt, evidence: Evidence | null): string {
  const failed = trialStory(receipt, evidence).checks.filter((check) => check.failed);
  if (failed.length === 0) return '<p class="note">Every check passed.</p>';
  const items = failed.map(
    (check) => `<li>${escapeHtml(check.line)}${check.message ? `<pre>${escapeHtml(check.message)}</pre>` : ''}</li>`,
  );
  return `<ul class="failed-checks">${items.join('')}</ul>`;
}

function sideBlock(taskId: string, side: FlipSide): string {
  const link = `<a href="../../${escapeHtml(trialPageHref(taskId, side.arm, side.repeat))}">trial page</a>`;
  const title = `${side.arm} #${side.repeat}: ${side.receipt?.status ?? 'no receipt'}`;
  const kind = side.receipt?.status === 'passed' ? ' passed' : side.receipt === null ? '' : ' failed';
  if (side.receipt === null)
    return `<div class="side"><h3>${escapeHtml(title)}</h3><p class="note">No receipt is stored.</p></div>`;
  const story = trialStory(side.receipt, side.evidence);
  return [
    `<div class="side${kind}" data-arm="${escapeHtml(side.arm)}"><h3>${escapeHtml(title)} <span class="note">(${link})</span></h3>`,
    ...(side.note === null ? [] : [`<p class="banner">${escapeHtml(side.note)}</p>`]),
    `<h4>Failed checks</h4>${failedChecks(side.receipt, side.evidence)}`,
    `<h4>Context-tool calls</h4>${list(story.contextCalls, 'None.')}`,
    `<h4>Diff against the starting tree</h4>${diffBlock(story.diff)}`,
    '</div>',
  ].join('');
}

/**
 * The page of one flip: a task where a treatment and the baseline disagree, each repeat's two
 * trials side by side (failed checks, context-tool calls, diff). Self-contained and script-free
 * like every page; every agent-controlled text is escaped.
 */
export function renderFlipPage(
  flip: Flip,
  baseline: string,
  arm: readonly FlipSide[],
  base: readonly FlipSide[],
): string {
  const heading = `${flip.taskId}: ${flip.arm} ${flip.armSuccesses}/${flip.repeats} against ${baseline} ${flip.baselineSuccesses}/${flip.repeats}`;
  const repeats = arm.map(
    (side, index) =>
      `<section class="repeat"><h2>Repeat ${side.repeat}</h2><div class="sides">${sideBlock(flip.taskId, side)}${sideBlock(flip.taskId, base[index]!)}</div></section>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)} · Crossover flip</title>`,
    `<style>${STYLE}${PAGE_STYLE}${FLIP_STYLE}</style>`,
    '</head><body><main>',
    `<header><p class="kicker">Crossover flip</p><h1>${escapeHtml(heading)}</h1>`,
    `<p class="meta">The treatment and the baseline disagree on this task: d_t = ${escapeHtml(flip.difference.toFixed(3))}. Each repeat's two trials, side by side.</p>`,
    '<p class="plan"><a href="../../scorecard.html#flips">Back to the scorecard</a></p></header>',
    ...repeats,
    '<footer>Computed by Crossover from the receipts and their evidence only. The verdict rests on the hidden checks alone.</footer>',
    '</main></body></html>',
    '',
  ].join('\n');
}
