import type { Evidence } from '../contracts/evidence.js';
import type { Receipt } from '../contracts/receipt.js';
import { escapeHtml, STYLE } from './html.js';
import { TRIAL_PAGES_DIR } from './trial-page-path.js';
import { type TrialStory, trialStory } from './trial-story.js';

export const PAGE_STYLE = `
pre { font: .8rem/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #f6f8fa; border: 1px solid var(--rule); padding: .75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
pre.diff .add { color: #116329; background: #dafbe1; } pre.diff .del { color: #82071e; background: #ffebe9; } pre.diff .hunk { color: #0550ae; }
ol.steps li { margin: .3rem 0; } ol.steps .result { color: var(--muted); }
tr.failed th, tr.failed td:first-of-type { color: #b42318; }
`;

export function list(items: readonly string[], empty: string, className = ''): string {
  if (items.length === 0) return `<p class="note">${escapeHtml(empty)}</p>`;
  return `<ol${className ? ` class="${className}"` : ''}>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`;
}

export function diffBlock(diff: string | null): string {
  if (diff === null) return '<p class="note">Not kept: the workspace was not examined, or no evidence was kept.</p>';
  if (diff === '') return '<p class="note">The agent changed nothing.</p>';
  const lines = diff
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => {
      const kind = /^\+(?!\+\+ )/.test(line)
        ? 'add'
        : /^-(?!-- )/.test(line)
          ? 'del'
          : line.startsWith('@@')
            ? 'hunk'
            : '';
      return kind ? `<span class="${kind}">${escapeHtml(line)}</span>` : escapeHtml(line);
    });
  return `<pre class="diff">${lines.join('\n')}</pre>`;
}

function checksTable(story: TrialStory): string {
  if (story.checks.length === 0) return '<p class="note">No check ran.</p>';
  const rows = story.checks.map(
    (check) =>
      `<tr${check.failed ? ' class="failed"' : ''}><td>${escapeHtml(check.line)}</td><td><pre>${escapeHtml(check.message || '—')}</pre></td></tr>`,
  );
  return `<table class="checks"><thead><tr><th>Check</th><th>Message</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function outputBlocks(story: TrialStory): string {
  if (story.output === null) return '<p class="note">The agent started no process.</p>';
  return (['stdout', 'stderr'] as const)
    .map((stream) => `<h3>${stream} (tail)</h3><pre>${escapeHtml(story.output?.[stream] || '(empty)')}</pre>`)
    .join('');
}

function body(story: TrialStory): string {
  return [
    `<section id="steps"><h2>Agent steps, in order</h2>${
      story.transcript === null
        ? '<p class="note">Unknown: this agent has no transcript parser; its context-tool calls are below.</p>'
        : list(story.transcript, 'The transcript holds no step.', 'steps')
    }</section>`,
    `<section id="tool-calls"><h2>Context-tool calls (recorded by Crossover's proxy)</h2>${list(story.contextCalls, 'None.')}</section>`,
    `<section id="diff"><h2>Diff against the starting tree</h2>${diffBlock(story.diff)}</section>`,
    `<section id="checks"><h2>Checks</h2>${checksTable(story)}</section>`,
    `<section id="findings"><h2>Findings</h2>${list(story.findings, 'None.')}</section>`,
    `<section id="output"><h2>Agent output</h2>${outputBlocks(story)}</section>`,
  ].join('\n');
}

/**
 * One trial's page: self-contained (inline CSS, no script, nothing fetched), byte-stable for the
 * same receipt and evidence. `receipt` null: the trial was scheduled but has no receipt.
 */
export function renderTrialPage(
  trial: { taskId: string; arm: string; repeat: number },
  receipt: Receipt | null,
  evidence: Evidence | null,
  note: string | null,
): string {
  const story = receipt === null ? null : trialStory(receipt, evidence);
  const heading = story?.heading ?? `${trial.taskId} / ${trial.arm} #${trial.repeat}: no receipt`;
  const back = '../'.repeat(TRIAL_PAGES_DIR.split('/').length + 2);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)} · Crossover trial</title>`,
    `<style>${STYLE}${PAGE_STYLE}</style>`,
    '</head><body><main>',
    `<header><p class="kicker">Crossover trial</p><h1>${escapeHtml(heading)}</h1>`,
    ...(
      story?.facts ?? ['The trial was scheduled but no receipt is stored: it is missing, or its arm was never run.']
    ).map((fact) => `<p class="meta">${escapeHtml(fact)}</p>`),
    ...(note === null ? [] : [`<p class="banner">${escapeHtml(note)}</p>`]),
    `<p class="plan"><a href="${back}scorecard.html#matrix">Back to the scorecard</a></p></header>`,
    story === null ? '' : body(story),
    '<footer>Computed by Crossover from the receipt and its evidence only. The verdict rests on the hidden checks alone.</footer>',
    '</main></body></html>',
    '',
  ].join('\n');
}
