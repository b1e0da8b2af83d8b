import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, type TrialSpec } from '../../fixtures/score/build.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { Evidence } from '../../src/contracts/evidence.js';
import type { ScheduledTrial } from '../../src/contracts/plan.js';
import { writeEvidence } from '../../src/receipts/evidence-store.js';
import { writeScorecard } from '../../src/reporters/write-scorecard.js';
import { buildScorecard } from '../../src/score/index.js';
import { tempDir } from '../helpers/temp.js';

const HOSTILE_PATCH =
  '--- a/src/index.js\n+++ b/src/index.js\n@@ -1,1 +1,1 @@\n-old\n+</pre><script>alert(1)</script>\n';
const HOSTILE_MESSAGE = '</pre><img src=x onerror=alert(2)>';
const HOSTILE_TOOL = '"><script>alert(3)</script>';

/** Successes out of 2 repeats per task: task 1 and 3 disagree, task 2 and 4 agree. */
const SUCCESSES: Record<string, Record<string, number>> = {
  'task-0001': { baseline: 0, 'treatment-a': 2, 'aa-control': 0 },
  'task-0002': { baseline: 2, 'treatment-a': 2, 'aa-control': 2 },
  'task-0003': { baseline: 2, 'treatment-a': 1, 'aa-control': 1 },
  'task-0004': { baseline: 0, 'treatment-a': 0, 'aa-control': 0 },
};

async function flipRun() {
  const plan = fixturePlan({ stage: 2, tasks: 4, repeats: 2 });
  const planId = digestOf(plan);
  const receiptsDir = await tempDir();
  const hostile = plan.schedule.trials.find(
    (t) => t.taskId === 'task-0001' && t.arm === 'treatment-a' && t.repeat === 1,
  )!;
  const call = {
    server: 'context',
    tool: HOSTILE_TOOL,
    argumentsDigest: `sha256:${'d'.repeat(64)}`,
    answerBytes: 3,
    outcome: 'answer' as const,
    latencyMs: 4,
  };
  const evidence: Evidence = {
    schema: 'crossover.evidence/1',
    planId,
    trialId: hostile.id,
    taskId: hostile.taskId,
    arm: hostile.arm,
    repeat: hostile.repeat,
    promptDigest: `sha256:${'c'.repeat(64)}`,
    transcript: null,
    contextCalls: [call],
    contextCallsOmitted: 0,
    diff: { files: [{ path: 'src/index.js', change: 'modified', patch: HOSTILE_PATCH }], omitted: 0 },
    output: null,
    checks: [{ id: 'required-behaviour', kind: 'required', status: 'pass', message: '', durationMs: 12 }],
  };
  const digest = await writeEvidence(receiptsDir, evidence);
  const decide = (trial: ScheduledTrial): TrialSpec => {
    const passed = trial.repeat <= SUCCESSES[trial.taskId]![trial.arm]!;
    const spec: TrialSpec = passed
      ? { status: 'passed' }
      : {
          status: 'failed',
          checks: [{ id: 'required-behaviour', kind: 'required', status: 'fail', message: HOSTILE_MESSAGE }],
        };
    if (trial.id !== hostile.id) return spec;
    return {
      ...spec,
      evidence: digest,
      contextCalls: [call],
    };
  };
  const { receipts } = fixtureReceipts(plan, decide);
  return { plan, planId, receipts, receiptsDir };
}

describe('the flips: tasks where a treatment and the baseline disagree, side by side', () => {
  it('a flip page exists for each disagreeing task and none for agreeing ones, every agent text escaped', async () => {
    const run = await flipRun();
    const scorecard = buildScorecard({ plan: run.plan, planId: run.planId, receipts: run.receipts, simulations: 0 });
    expect(scorecard.flips).toEqual([
      { arm: 'treatment-a', taskId: 'task-0001', armSuccesses: 2, baselineSuccesses: 0, repeats: 2, difference: 1 },
      { arm: 'treatment-a', taskId: 'task-0003', armSuccesses: 1, baselineSuccesses: 2, repeats: 2, difference: -0.5 },
    ]);
    const out = await tempDir();
    const files = await writeScorecard(out, scorecard, run);
    const pages = (await readdir(join(out, 'flips'), { recursive: true })).filter((name) => name.endsWith('.html'));
    expect(pages.sort()).toEqual(['treatment-a/task-0001.html', 'treatment-a/task-0003.html']);

    const page = await readFile(join(out, 'flips/treatment-a/task-0001.html'), 'utf8');
    expect(page).toContain(`default-src 'none'`);
    expect(page).not.toMatch(/<script|<img/i);
    expect(page).toContain('&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;/pre&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(page).toContain('context/&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
    // Both repeats, each with the treatment's trial beside the baseline's.
    expect(page.match(/<section class="repeat">/g)).toHaveLength(2);
    expect(page.match(/<div class="side[^"]*" data-arm="treatment-a">/g)).toHaveLength(2);
    expect(page.match(/<div class="side[^"]*" data-arm="baseline">/g)).toHaveLength(2);
    expect(page).toContain('href="../../trials/task-0001/treatment-a/1.html"');

    const html = await readFile(files.html, 'utf8');
    expect(html).toContain('href="flips/treatment-a/task-0001.html"');
    expect(html).not.toContain('flips/treatment-a/task-0002.html');
    const markdown = await readFile(files.markdown, 'utf8');
    expect(markdown).toContain('| treatment-a | [task-0003](flips/treatment-a/task-0003.html) | 1/2 vs 2/2 (-0.500) |');
  });
});
