import { readdirSync, readlinkSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyReceipts } from '../../src/receipts/store.js';
import { tempDir } from '../helpers/temp.js';
import { crossoverProcess, planDir, receiptNames, receiptsAppear, smallProject, twoLibraryTasks } from './project.js';

const TRIALS = 16;
const RUN_TIMEOUT = 300_000;

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [] as string[]);
}

/** Live processes whose working directory lies in `root`: what a run left behind. */
function processesIn(root: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`).startsWith(`${root}/`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('Ctrl-C during `crossover run`', () => {
  it(
    'says what was kept and how to resume, exits 130, leaves no trial directory, socket or process; the next run resumes',
    async () => {
      const root = await smallProject();
      await twoLibraryTasks(root);
      // the run's temp files (the MCP proxies' sockets among them) go below a directory of this test's own
      const tmp = await tempDir('crossover-interrupt-tmp-');
      await mkdir(join(root, '.crossover/trials'), { recursive: true });
      const run = crossoverProcess(root, ['run', 'experiments/small.ts', '--concurrency', '4'], { TMPDIR: tmp });
      // Interrupted with trials in progress (their directories exist) and some receipts already stored.
      await receiptsAppear(
        root,
        run,
        async (_dir, names) => names.length >= 2 && (await entries(join(root, '.crossover/trials'))).length > 0,
      );
      const scratch = (await entries(tmp)).filter((name) => name.startsWith('crossover-'));
      expect(scratch, 'the run keeps its temp files in a directory of its own').toEqual([
        expect.stringMatching(/^crossover-run-/),
      ]);
      // as a terminal's Ctrl-C does: to the whole process group
      process.kill(-(run.pid as number), 'SIGINT');
      const ended = await run;

      expect(ended.exitCode, ended.all).toBe(130);
      const dir = await planDir(root);
      const kept = await receiptNames(dir);
      expect(kept.length).toBeGreaterThanOrEqual(2);
      expect(kept.length).toBeLessThan(TRIALS);
      expect(ended.all).toMatch(/crossover run: interrupted \(SIGINT\): \d+ trial\(s\) in progress were stopped/);
      expect(ended.all).toContain(
        `kept: ${kept.length} receipt(s) in ${join('.crossover/small', dir.split('/').at(-1) as string, 'receipts')}`,
      );
      expect(ended.all).toContain(
        `resume: crossover run experiments/small.ts (runs the ${TRIALS - kept.length} trial(s) without a receipt)`,
      );
      expect(await entries(join(root, '.crossover/trials'))).toEqual([]);
      // the run's own temp directory and every socket below it are gone (Vitest's own cache directory is Vitest's)
      expect((await entries(tmp)).filter((name) => name.startsWith('crossover-'))).toEqual([]);
      expect(processesIn(root)).toEqual([]);
      const verified = await verifyReceipts(join(dir, 'receipts'));
      expect(verified.problems).toEqual([]);
      expect(verified.verified.sort()).toEqual(kept);
      expect((await readdir(join(dir, 'receipts'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);

      const resumed = await crossoverProcess(root, ['run', 'experiments/small.ts'], { TMPDIR: tmp });
      expect(resumed.exitCode, resumed.all).toBe(0);
      expect(resumed.all).toContain(
        `${TRIALS}/${TRIALS} trials done (${TRIALS - kept.length} this run, ${kept.length} resumed)`,
      );
      const after = await receiptNames(dir);
      for (const name of kept) expect(after).toContain(name);
    },
    RUN_TIMEOUT,
  );
});
