import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { renderHtml } from '../../src/reporters/html.js';
import { writeScorecard } from '../../src/reporters/write-scorecard.js';
import { buildScorecard } from '../../src/score/index.js';
import { tempDir } from '../helpers/temp.js';

const session = new BrowserSession();
afterAll(() => session.close());

describe('the HTML scorecard is one self-contained page', () => {
  it('renders the forest plot and the task × arm matrix in headless Chromium without a single outside request', async () => {
    const run = showcaseRun();
    const scorecard = buildScorecard(run);
    const dir = await tempDir();
    const files = await writeScorecard(dir, scorecard);

    const launched = await session.browser();
    if (!('browser' in launched)) throw new Error(launched.reason);
    const context = await launched.browser.newContext({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    const url = pathToFileURL(files.html).href;
    await page.goto(url, { waitUntil: 'load' });

    const forest = page.locator('svg.forest');
    const box = await forest.boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    expect(box!.height).toBeGreaterThan(100);
    const rows = page.locator('svg.forest g.forest-row');
    expect(await rows.count()).toBe(scorecard.comparisons.length + scorecard.aa.length);
    expect(await page.locator('svg.forest g.forest-row[data-kind="aa"] polygon.marker').count()).toBe(1);

    // The clear winner sits right of the zero line, the loser left of it: the plot says what Δ says.
    const zero = await page
      .locator('svg.forest line')
      .filter({ has: page.locator('xpath=self::*[@stroke="#1f2328"]') })
      .first()
      .boundingBox();
    const markerX = async (arm: string) =>
      (await page.locator(`svg.forest g.forest-row[data-arm="${arm}"] .marker`).boundingBox())!.x;
    const winner = scorecard.comparisons.find((c) => c.arm === 'treatment-a')!;
    expect(winner.delta!).toBeGreaterThan(0);
    expect(await markerX('treatment-a')).toBeGreaterThan(zero!.x);

    const matrixRows = page.locator('table.matrix tbody tr');
    expect(await matrixRows.count()).toBe(scorecard.matrix.length);
    expect(await matrixRows.first().locator('td.cell').count()).toBe(scorecard.arms.length);
    expect(await page.locator('table.matrix td.gap').count()).toBeGreaterThan(0);
    expect(await page.locator('#verdicts table.verdicts .badge').count()).toBe(scorecard.comparisons.length);
    expect(await page.locator('#gaps li').count()).toBe(scorecard.gaps.length);

    expect(requests).toEqual([url]);

    const out = join(import.meta.dirname, '../../test-results/reporters');
    await mkdir(out, { recursive: true });
    await page.screenshot({ path: join(out, 'scorecard.png'), fullPage: true });
    await copyFile(files.html, join(out, 'scorecard.html'));
    await context.close();
  });

  it('names no outside resource at all: no script, no link, no URL', () => {
    const html = renderHtml(buildScorecard(showcaseRun()));
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/https?:|\/\/[a-z]/i);
    expect(html).toContain(`default-src 'none'`);
  });

  it("escapes text that came from outside the scorecard's own wording", () => {
    const run = showcaseRun();
    const scorecard = buildScorecard({
      ...run,
      eligibility: { 'treatment-b': { status: 'excluded', reasons: ['<img src=x onerror=alert(1)>'] } },
    });
    const html = renderHtml(scorecard);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
