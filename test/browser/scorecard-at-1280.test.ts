/// <reference lib="dom" />
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, type TrialSpec, trialDraw } from '../../fixtures/score/build.js';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import type { ScheduledTrial } from '../../src/contracts/plan.js';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { writeScorecard } from '../../src/reporters/write-scorecard.js';
import { buildScorecard } from '../../src/score/index.js';
import { tempDir } from '../helpers/temp.js';

const session = new BrowserSession();
afterAll(() => session.close());

/**
 * A 3-arm stage-2 run (baseline, treatment, aa-control; 30 tasks × 3 repeats) with something in
 * every column: a winner, invalid trials of two infrastructure kinds, unknown costs, a margin.
 */
function threeArmRun() {
  const plan = fixturePlan({
    id: 'three-arms',
    stage: 2,
    tasks: 30,
    repeats: 3,
    policy: { noninferiorityMargin: 0.1 },
  });
  const chance: Record<string, number> = { baseline: 0.4, 'treatment-a': 0.7, 'aa-control': 0.4 };
  const decide = (trial: ScheduledTrial): TrialSpec => {
    const draw = trialDraw(trial);
    if (trial.arm === 'treatment-a' && trial.taskId === 'task-0003' && trial.repeat === 2)
      return { status: 'api-fault' };
    if (trial.arm === 'baseline' && trial.taskId === 'task-0011' && trial.repeat === 1)
      return { status: 'check-starved' };
    return {
      status: draw < chance[trial.arm]! ? 'passed' : 'failed',
      diagnostics: { costUsd: trial.repeat === 1 ? 0.0123 : null, inputTokens: 20_000 + Math.round(draw * 9000) },
    };
  };
  const { planId, receipts } = fixtureReceipts(plan, decide);
  return { plan, planId, receipts };
}

/** Opens a scorecard's HTML at 1280 × 800 and measures every table and element against its container. */
async function measureAt1280(run: ReturnType<typeof threeArmRun>, shot: string) {
  const scorecard = buildScorecard(run);
  const dir = await tempDir();
  const files = await writeScorecard(dir, scorecard, { ...run, receiptsDir: dir });

  const launched = await session.browser();
  if (!('browser' in launched)) throw new Error(launched.reason);
  const context = await launched.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(pathToFileURL(files.html).href, { waitUntil: 'load' });

  const report = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const box = main.getBoundingClientRect();
    const style = getComputedStyle(main);
    const contentRight = box.right - Number.parseFloat(style.paddingRight);
    const tables = Array.from(document.querySelectorAll('table')).map((table) => {
      const rect = table.getBoundingClientRect();
      const parent = table.parentElement!;
      const cells = Array.from(table.querySelectorAll('th, td')).map((cell) => cell.getBoundingClientRect().right);
      return {
        name: table.className || '(unnamed)',
        columns: table.rows[0]?.cells.length ?? 0,
        right: rect.right,
        cellsRight: Math.max(...cells),
        fitsParent: parent.scrollWidth <= parent.clientWidth + 1,
        ownOverflow: table.scrollWidth - table.clientWidth,
      };
    });
    // Any element wider than the box it sits in: a table, a cell, a code span, the figure. Inside the
    // figure only the svg itself counts: it scales its viewBox, and its texts report no layout box.
    const figure = main.querySelector('svg.forest')!.getBoundingClientRect();
    const overflowing = Array.from(main.querySelectorAll('*'))
      .filter((el) => !(el instanceof SVGElement) || el.tagName === 'svg')
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} "${el.textContent?.slice(0, 50)}" ${el.scrollWidth} > ${el.clientWidth}`,
      );
    return {
      figureRight: figure.right,
      viewport: window.innerWidth,
      pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      contentRight,
      tables,
      overflowing,
    };
  });

  const out = join(import.meta.dirname, '../../test-results/reporters');
  await mkdir(out, { recursive: true });
  await page.screenshot({ path: join(out, `${shot}.png`), fullPage: true });
  await copyFile(files.html, join(out, `${shot}.html`));
  await context.close();
  return { scorecard, report };
}

function expectFits(report: Awaited<ReturnType<typeof measureAt1280>>['report']): void {
  expect(report.tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(['verdicts', 'secondary', 'gates', 'aa', 'arms', 'trials', 'infrastructure', 'matrix']),
  );
  expect(report.pageScroll, 'the page itself never scrolls sideways').toBeLessThanOrEqual(0);
  for (const table of report.tables) {
    expect(table.right, `${table.name}: right edge`).toBeLessThanOrEqual(report.contentRight + 1);
    expect(table.cellsRight, `${table.name}: its last column`).toBeLessThanOrEqual(report.contentRight + 1);
    expect(table.fitsParent, `${table.name}: fits its container`).toBe(true);
    expect(table.ownOverflow, `${table.name}: no overflow inside`).toBeLessThanOrEqual(1);
  }
  expect(report.figureRight, 'the forest plot').toBeLessThanOrEqual(report.contentRight + 1);
  expect(report.overflowing).toEqual([]);
}

describe('the HTML scorecard is readable at 1280 × 800', () => {
  it('every table of a 3-arm stage-2 scorecard fits its column: no key column scrolled out of sight', async () => {
    const { scorecard, report } = await measureAt1280(threeArmRun(), 'scorecard-1280');
    expect(scorecard.arms.map((a) => a.id)).toEqual(['baseline', 'treatment-a', 'aa-control']);
    expectFits(report);
  });

  it('so does the 5-arm showcase, with its missing and contaminated trials', async () => {
    const { scorecard, report } = await measureAt1280(showcaseRun(), 'scorecard-1280-showcase');
    expect(scorecard.arms).toHaveLength(5);
    expectFits(report);
  });
});
