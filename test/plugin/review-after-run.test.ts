import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../src/contracts/receipt.js';
import type { Review } from '../../src/contracts/review.js';
import type { Scorecard } from '../../src/contracts/scorecard.js';
import { cli, LIBRARY_TASKS, planDir, receiptNames, smallProject, vitest } from './project.js';

const RUN_TIMEOUT = 600_000;

async function readScorecard(dir: string): Promise<Scorecard> {
  return JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')) as Scorecard;
}

/** A passed trial whose agent changed a file: its diff has an edit to reject. */
async function passedTrialWithEdits(dir: string): Promise<Receipt> {
  for (const name of await receiptNames(dir)) {
    const receipt = JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as Receipt;
    if (receipt.status === 'passed' && (receipt.changes?.files.length ?? 0) > 0) return receipt;
  }
  throw new Error('the small run left no passed trial that changed a file');
}

function oracle(scorecard: Scorecard): unknown {
  const { review: _review, arms, ...rest } = scorecard;
  // Timing figures differ between runs by nature; everything the oracle decided must not.
  return { ...rest, arms: arms.map(({ diagnostics: _diagnostics, ...arm }) => arm) };
}

describe('a review written after a run', () => {
  it(
    'is read by the next run’s reporter into every scorecard format; a malformed one is a run problem naming the field',
    async () => {
      const root = await smallProject({ concurrency: 2, tasks: LIBRARY_TASKS });
      const first = await vitest(root, ['run', '--project', 'small']);
      expect(first.all).toContain('scorecard: ');
      const dir = await planDir(root);
      const before = await readScorecard(dir);
      expect(before.review).toBeNull();

      const receipt = await passedTrialWithEdits(dir);
      const { taskId, arm, repeat } = receipt.trial;
      const written = await cli(root, ['review', `${taskId}/${arm}#${repeat}`]);
      expect(written.code, written.err).toBe(0);
      const path = join(root, written.out.split('\n')[0] as string);
      const review = JSON.parse(await readFile(path, 'utf8')) as Review;
      expect(review.evidence).toBe(receipt.evidence);
      review.edits[0]!.verdict = 'rejected';
      review.edits[0]!.reason = 'right output, wrong place: the fix belongs in the caller';
      await writeFile(path, `${JSON.stringify(review, null, 2)}\n`);

      // Every trial has its receipt: this run only replays them, and scores with the review.
      const second = await vitest(root, ['run', '--project', 'small']);
      expect(second.all).not.toContain('crossover: ');
      const after = await readScorecard(dir);
      expect(oracle(after)).toEqual(oracle(before));
      expect(after.review?.files.map((file) => file.path)).toEqual([relative(root, path)]);
      expect(after.review?.trials).toEqual([
        {
          trialId: receipt.trial.id,
          taskId,
          arm,
          repeat,
          status: 'passed',
          rejected: [{ file: review.edits[0]!.file, hunk: review.edits[0]!.hunk, reason: review.edits[0]!.reason }],
        },
      ]);
      const reviewed = after.review!.arms.find((a) => a.arm === arm)!;
      expect(reviewed.passedWithRejections).toBe(1);
      expect(reviewed.reviewAdjustedPassed).toBe(reviewed.passed - 1);
      expect(await readFile(join(dir, 'scorecard.md'), 'utf8')).toContain('the fix belongs in the caller');
      expect(await readFile(join(dir, 'scorecard.html'), 'utf8')).toContain('<section id="review">');

      review.edits[0]!.reason = '  ';
      await writeFile(path, `${JSON.stringify(review, null, 2)}\n`);
      const third = await vitest(root, ['run', '--project', 'small']);
      expect(third.all).toContain(`crossover: ${relative(root, path)}: invalid`);
      expect(third.all).toContain('$.edits[0].reason: a rejected edit needs a reason');
      expect(third.all).toContain('the scorecard was written without the review overlay');
      expect(oracle(await readScorecard(dir))).toEqual(oracle(before));
      expect((await readScorecard(dir)).review).toBeNull();
    },
    RUN_TIMEOUT,
  );
});
