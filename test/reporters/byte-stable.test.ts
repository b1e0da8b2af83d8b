import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import { main } from '../../src/cli/main.js';
import { prettyJson } from '../../src/contracts/canonical.js';
import { SCORECARD_FILES } from '../../src/reporters/scorecard-formats.js';
import { FLIP_PAGES_DIR, TRIAL_PAGES_DIR } from '../../src/reporters/trial-page-path.js';
import { tempDir } from '../helpers/temp.js';

async function scoreInto(root: string, receiptsDir: string, out: string): Promise<Record<string, string>> {
  const code = await main(['score', '--plan', 'plan.json', '--receipts', receiptsDir, '--out', out], {
    out: () => undefined,
    err: (t) => {
      throw new Error(t);
    },
    cwd: root,
  });
  expect(code).toBe(0);
  const files: Record<string, string> = {};
  for (const name of Object.values(SCORECARD_FILES)) files[name] = await readFile(join(root, out, name), 'utf8');
  // The trial pages the HTML matrix links to (one per scheduled trial) and the flip pages.
  for (const dir of [TRIAL_PAGES_DIR, FLIP_PAGES_DIR]) {
    const pages = (await readdir(join(root, out, dir), { recursive: true })).filter((name) => name.endsWith('.html'));
    for (const name of pages.sort()) files[`${dir}/${name}`] = await readFile(join(root, out, dir, name), 'utf8');
  }
  return files;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scorecards are byte-stable', () => {
  it('the same plan and receipts give byte-identical files, whenever and in whatever order they are scored', async () => {
    const { plan, receipts } = showcaseRun();
    const root = await tempDir();
    await writeFile(join(root, 'plan.json'), prettyJson(plan));
    // Two copies of the receipts, written in opposite orders.
    for (const [dir, list] of [
      ['receipts-a', receipts],
      ['receipts-b', [...receipts].reverse()],
    ] as const) {
      await mkdir(join(root, dir));
      for (const receipt of list) await writeFile(join(root, dir, `${receipt.trial.id}.json`), prettyJson(receipt));
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
    const first = await scoreInto(root, 'receipts-a', 'first');
    vi.setSystemTime(new Date('2032-06-15T12:34:56Z'));
    const second = await scoreInto(root, 'receipts-b', 'second');
    expect(second).toEqual(first);
    const scorecard = JSON.parse(first['scorecard.json']!) as { flips: unknown[] };
    expect(scorecard.flips.length).toBeGreaterThan(0);
    expect(Object.keys(first).length).toBe(
      Object.keys(SCORECARD_FILES).length + plan.schedule.trials.length + scorecard.flips.length,
    );
    for (const text of Object.values(first)) {
      expect(text).not.toContain(root);
      expect(text).not.toMatch(/20(31|32)-/);
    }
  });
});
