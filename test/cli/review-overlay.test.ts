import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts } from '../../fixtures/score/build.js';
import { main } from '../../src/cli/main.js';
import { digestBytes, prettyJson } from '../../src/contracts/canonical.js';
import { type Evidence, evidenceDigest } from '../../src/contracts/evidence.js';
import type { Plan } from '../../src/contracts/plan.js';
import { type Receipt, sealReceipt } from '../../src/contracts/receipt.js';
import { type Review, ReviewSchema } from '../../src/contracts/review.js';
import { type Scorecard, ScorecardSchema } from '../../src/contracts/scorecard.js';
import { planKey, runLayout } from '../../src/io/layout.js';
import { writeEvidence } from '../../src/receipts/evidence-store.js';
import { tempDir } from '../helpers/temp.js';

/** A twelve-line file whose fix touches lines 2 and 11: a patch of two hunks. */
const BEFORE = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
const AFTER = BEFORE.replace('line 2', 'line 2 fixed').replace('line 11', 'line 11 hidden the bug');
const PATCH = createTwoFilesPatch(
  'a/src/limit.js',
  'b/src/limit.js',
  `${BEFORE}\n`,
  `${AFTER}\n`,
  undefined,
  undefined,
  {
    context: 3,
  },
);
/** A pipe, markup and a newline: the reason must not break the Markdown table or the HTML. */
const REASON = 'Silences the error | instead of <b>fixing</b> it\nthe checks do not see it';
const TRIAL = 'task-0001/treatment-a#1';

function evidenceOf(receipt: Receipt): Evidence {
  const { trial } = receipt;
  return {
    schema: 'crossover.evidence/1',
    planId: receipt.planId,
    trialId: trial.id,
    taskId: trial.taskId,
    arm: trial.arm,
    repeat: trial.repeat,
    promptDigest: `sha256:${'1'.repeat(64)}`,
    transcript: null,
    contextCalls: [],
    contextCallsOmitted: 0,
    diff: {
      files: [
        { path: 'assets/logo.png', change: 'added', patch: null },
        { path: 'src/limit.js', change: 'modified', patch: PATCH },
      ],
      omitted: 0,
    },
    output: null,
    checks: receipt.checks.map((check) => ({ ...check, durationMs: 5 })),
  };
}

/** Every file below `dir` with its bytes: what must not change. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files[join(entry.parentPath, entry.name)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  return files;
}

async function crossover(root: string, argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd: root, out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

interface Project {
  root: string;
  plan: Plan;
  planDir: string;
  reviewPath: string;
}

/** A stored run: treatment-a passes everything, the baseline fails; each receipt names its evidence. */
async function project(): Promise<Project> {
  const root = await tempDir('crossover-review-');
  const plan = fixturePlan({ tasks: 2, repeats: 2, treatments: 1, aa: false });
  const { planId, receipts } = fixtureReceipts(plan, (trial) => ({
    status: trial.arm === 'treatment-a' ? 'passed' : 'failed',
  }));
  const layout = runLayout(root, plan.experiment.id, planId);
  await mkdir(layout.receiptsDir, { recursive: true });
  await writeFile(layout.planFile, prettyJson(plan));
  for (const sealed of receipts) {
    const { digest: _digest, ...body } = sealed;
    const evidence = evidenceOf(sealed);
    const receipt = sealReceipt({ ...body, evidence: evidenceDigest(evidence) });
    await writeEvidence(layout.receiptsDir, evidence);
    await writeFile(join(layout.receiptsDir, `${receipt.trial.id}.json`), prettyJson(receipt));
  }
  const reviewPath = `experiments/reviews/${plan.experiment.id}/${planKey(planId)}/task-0001/treatment-a/1.json`;
  return { root, plan, planDir: layout.planDir, reviewPath };
}

async function score(p: Project, out: string) {
  const run = await crossover(p.root, [
    'score',
    '--plan',
    join(p.planDir, 'plan.json'),
    '--receipts',
    join(p.planDir, 'receipts'),
    '--out',
    out,
  ]);
  return run;
}

async function readScorecard(root: string, out: string) {
  const read = (name: string) => readFile(join(root, out, name), 'utf8');
  const json = await read('scorecard.json');
  return {
    json,
    scorecard: ScorecardSchema.parse(JSON.parse(json)),
    markdown: await read('scorecard.md'),
    html: await read('scorecard.html'),
  };
}

/** The oracle's part of a scorecard: everything but the review overlay. */
function oracle(scorecard: Scorecard): Omit<Scorecard, 'review'> {
  const { review: _review, ...rest } = scorecard;
  return rest;
}

async function writeReviewFile(p: Project, change: (review: Review & Record<string, unknown>) => void) {
  const path = join(p.root, p.reviewPath);
  const review = JSON.parse(await readFile(path, 'utf8'));
  change(review);
  await writeFile(path, `${JSON.stringify(review, null, 2)}\n`);
}

describe('a human review beside the oracle', () => {
  let p: Project;
  beforeEach(async () => {
    p = await project();
  });

  it('rejecting one edit of a passed trial shows in the review-adjusted view of all three formats; every verdict stays the oracle’s', async () => {
    expect((await score(p, 'before')).code).toBe(0);
    const before = await readScorecard(p.root, 'before');
    expect(before.scorecard.review).toBeNull();
    const stored = await snapshot(p.planDir);

    const written = await crossover(p.root, ['review', TRIAL]);
    expect(written.err).toBe('');
    expect(written.code).toBe(0);
    expect(written.out.split('\n')[0]).toBe(p.reviewPath);
    const prefilled = ReviewSchema.parse(JSON.parse(await readFile(join(p.root, p.reviewPath), 'utf8')));
    // One whole change for the binary file, one edit per hunk of the patch; all accepted at first.
    expect(prefilled.edits.map((edit) => [edit.file, edit.hunk, edit.verdict])).toEqual([
      ['assets/logo.png', null, 'accepted'],
      ['src/limit.js', 1, 'accepted'],
      ['src/limit.js', 2, 'accepted'],
    ]);
    expect(prefilled.edits[2]!.header).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    expect(prefilled.edits[2]!.lines).toContain('+line 11 hidden the bug');
    expect(prefilled.edits[1]!.lines).not.toContain('+line 11 hidden the bug');

    await writeReviewFile(p, (review) => {
      review.edits[2]!.verdict = 'rejected';
      review.edits[2]!.reason = REASON;
    });
    const reviewBytes = await readFile(join(p.root, p.reviewPath));
    expect((await score(p, 'after')).code).toBe(0);
    const after = await readScorecard(p.root, 'after');

    // The oracle decided; the review sits beside it and changes nothing of it.
    expect(oracle(after.scorecard)).toEqual(oracle(before.scorecard));
    expect(after.scorecard.review).toEqual({
      files: [{ path: p.reviewPath, digest: digestBytes(reviewBytes), trialId: prefilled.trialId }],
      arms: [
        { arm: 'baseline', passed: 0, reviewed: 0, passedWithRejections: 0, reviewAdjustedPassed: 0, rejectedEdits: 0 },
        {
          arm: 'treatment-a',
          passed: 4,
          reviewed: 1,
          passedWithRejections: 1,
          reviewAdjustedPassed: 3,
          rejectedEdits: 1,
        },
      ],
      trials: [
        {
          trialId: prefilled.trialId,
          taskId: 'task-0001',
          arm: 'treatment-a',
          repeat: 1,
          status: 'passed',
          rejected: [{ file: 'src/limit.js', hunk: 2, reason: REASON }],
        },
      ],
    });

    expect(after.markdown).toContain('## Human review');
    expect(after.markdown).toContain(
      '| Arm | Passed (checks) | Reviewed | Passed with rejected edits | Review-adjusted passes | Corrections left |',
    );
    expect(after.markdown).toContain('| treatment-a | 4 | 1 | 1 | 3 | 1 |');
    expect(after.markdown).toContain(
      '| task-0001/treatment-a#1 | passed | src/limit.js | hunk 2 | Silences the error \\| instead of <b>fixing</b> it the checks do not see it |',
    );
    expect(after.markdown).toContain(`- \`${p.reviewPath}\` ${digestBytes(reviewBytes)}`);

    expect(after.html).toContain('<section id="review"><h2>Human review</h2>');
    expect(after.html).toContain(
      '<tr><th scope="row">treatment-a</th><td class="n">4</td><td class="n">1</td><td class="n">1</td><td class="n">3</td><td class="n">1</td></tr>',
    );
    expect(after.html).toContain('Silences the error | instead of &lt;b&gt;fixing&lt;/b&gt; it');
    expect(after.html).not.toContain('<b>fixing</b>');
    expect(after.html).toContain(digestBytes(reviewBytes));
    // The verdicts section is the oracle's, byte for byte.
    const verdicts = (html: string) =>
      html.slice(html.indexOf('<section id="verdicts">'), html.indexOf('<section id="method">'));
    expect(verdicts(after.html)).toBe(verdicts(before.html));

    // Byte-stable: the same receipts and review give the same three files.
    expect((await score(p, 'again')).code).toBe(0);
    const again = await readScorecard(p.root, 'again');
    expect([again.json, again.markdown, again.html]).toEqual([after.json, after.markdown, after.html]);

    // Neither writing the review nor scoring it touched a receipt, the evidence or the plan.
    expect(await snapshot(p.planDir)).toEqual(stored);
  });

  it('refuses a malformed review file, naming the file and the field', async () => {
    expect((await crossover(p.root, ['review', TRIAL])).code).toBe(0);
    const { evidence } = ReviewSchema.parse(JSON.parse(await readFile(join(p.root, p.reviewPath), 'utf8')));
    const refused = async (change: (review: Review & Record<string, unknown>) => void) => {
      await writeReviewFile(p, change);
      const run = await score(p, 'out');
      expect(run.code).toBe(2);
      return run.err;
    };

    expect(
      await refused((review) => {
        review.edits[1]!.verdict = 'rejected';
      }),
    ).toContain(`${p.reviewPath}: invalid\n  $.edits[1].reason: a rejected edit needs a reason`);
    expect(
      await refused((review) => {
        review.edits[1]!.reason = 'wrong';
        review.edits[1]!.verdict = 'wontfix' as 'rejected';
      }),
    ).toMatch(new RegExp(`${p.reviewPath}: invalid\\n  \\$\\.edits\\[1\\]\\.verdict: `));
    expect(
      await refused((review) => {
        review.edits[1]!.verdict = 'accepted';
        review.comment = 'looks fine';
      }),
    ).toContain(`${p.reviewPath}: invalid\n  $.comment: unknown field`);
    expect(
      await refused((review) => {
        delete review.comment;
        review.evidence = `sha256:${'0'.repeat(64)}`;
      }),
    ).toContain(`${p.reviewPath}: invalid\n  $.evidence: is sha256:${'0'.repeat(64)}, but the counted receipt`);
    expect(
      await refused((review) => {
        review.evidence = evidence;
        review.edits[1]!.hunk = 7;
      }),
    ).toContain(
      `${p.reviewPath}: invalid\n  $.edits[1]: src/limit.js hunk 7 (modified) is not an edit of the trial's evidence`,
    );
  });

  it('never replaces a review a person already wrote', async () => {
    expect((await crossover(p.root, ['review', TRIAL])).code).toBe(0);
    await writeReviewFile(p, (review) => {
      review.edits[0]!.verdict = 'rejected';
      review.edits[0]!.reason = 'an unasked-for asset';
    });
    const kept = await readFile(join(p.root, p.reviewPath), 'utf8');
    const again = await crossover(p.root, ['review', TRIAL]);
    expect(again.code).toBe(3);
    expect(again.err).toContain(`${p.reviewPath}: a review of this trial exists`);
    expect(await readFile(join(p.root, p.reviewPath), 'utf8')).toBe(kept);
  });
});
