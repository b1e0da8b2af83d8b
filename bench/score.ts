/**
 * Scoring at scale: time and peak memory to score 100,000 receipts (5 arms × 1,000 tasks × 20
 * repeats) and 1,000,000 (5 arms × 10,000 tasks × 20 repeats). Each size runs in its own process
 * so its peak RSS is its own. Prints figures; asserts nothing (docs/architecture.md: no timing assertions).
 *
 *   npm run bench:score
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { prettyJson } from '../src/contracts/canonical.js';
import { PLAN_FORMAT, type Plan, type PlannedArm, type ScheduledTrial } from '../src/contracts/plan.js';
import type { CheckResult, Receipt, TrialStatus } from '../src/contracts/receipt.js';
import { renderHtml } from '../src/reporters/html.js';
import { renderMarkdown } from '../src/reporters/markdown.js';
import { buildScorecard } from '../src/score/scorecard.js';

const ARMS = [
  { id: 'baseline', role: 'baseline', p: 0.4 },
  { id: 'treatment-a', role: 'treatment', p: 0.5 },
  { id: 'treatment-b', role: 'treatment', p: 0.42 },
  { id: 'treatment-c', role: 'treatment', p: 0.6 },
  { id: 'aa-control', role: 'aa-control', p: 0.4 },
] as const;
const REPEATS = 20;
const DIGEST = `sha256:${'ab'.repeat(32)}`;

/** Deterministic uniform draws (mulberry32): the same receipts on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function plannedArm(id: string, role: PlannedArm['role']): PlannedArm {
  return {
    id,
    role,
    agent: {
      spec: { adapter: 'command', command: 'bench-agent', version: '1.0.0' },
      executableDigest: null,
      promptTemplateDigest: DIGEST,
    },
    provider: null,
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

function benchPlan(tasks: number): Plan {
  const taskList = Array.from({ length: tasks }, (_, i) => ({
    id: `task-${i}`,
    digest: DIGEST,
    category: `category-${i % 8}`,
    surface: 'api' as const,
    timeoutSec: 120,
    relevantFiles: i % 2 === 0 ? ['src/index.js'] : null,
    expectedSkill: null,
  }));
  const trials: ScheduledTrial[] = [];
  for (let t = 0; t < tasks; t += 1) {
    for (let repeat = 1; repeat <= REPEATS; repeat += 1) {
      ARMS.forEach((arm, position) => {
        trials.push({
          id: trials.length.toString(16).padStart(24, '0'),
          taskId: `task-${t}`,
          arm: arm.id,
          repeat,
          block: t * REPEATS + repeat - 1,
          position,
        });
      });
    }
  }
  return {
    schema: PLAN_FORMAT,
    experiment: { id: 'bench', title: 'Scoring benchmark', stage: 2, file: 'experiments/bench.ts' },
    corpus: { id: 'bench', version: '1', digest: DIGEST, path: 'corpus' },
    tasks: taskList,
    prompt: { template: 'experiments/prompts/default.md', digest: DIGEST },
    environment: {
      node: process.version,
      os: 'linux',
      arch: 'x64',
      sandbox: { kind: 'bubblewrap', version: null, digest: null },
    },
    arms: ARMS.map((arm) => plannedArm(arm.id, arm.role)),
    repeats: REPEATS,
    schedule: { design: 'williams', seed: 'bench', arms: ARMS.map((arm) => arm.id), rows: [[0, 1, 2, 3, 4]], trials },
    policy: {
      alpha: 0.05,
      minTasks: 30,
      minRepeats: 3,
      maxDroppedShare: 0.2,
      regressionTolerance: 0.1,
      noninferiorityMargin: null,
    },
    budget: { maxTrials: 2000, deadlineSec: 3600, trialTimeoutSec: 300 },
    cost: { pricing: null, worstCaseTokens: null, pricedTrials: 0, boundUsd: null, mayCostMoney: false },
    egress: { hosts: [] },
    credentials: [],
    auth: { mode: 'api-key' },
    reproducibility: null,
    synthetic: false,
    stage1Scorecard: null,
    approval: { required: false, reasons: [] },
  };
}

const CHECKS: Record<'passed' | 'failed' | 'invalid', CheckResult[]> = {
  passed: [
    { id: 'required', kind: 'required', status: 'pass', message: '' },
    { id: 'kept', kind: 'regression', status: 'pass', message: '' },
  ],
  failed: [
    { id: 'required', kind: 'required', status: 'fail', message: 'expected the fix' },
    { id: 'kept', kind: 'regression', status: 'pass', message: '' },
  ],
  invalid: [{ id: 'required', kind: 'required', status: 'error', message: 'harness crashed' }],
};

/** One receipt per trial, ~0.5% missing and ~1% invalid; shared immutable parts keep memory honest. */
function benchReceipts(plan: Plan, planId: string): Receipt[] {
  const draw = random(20240603);
  const chance = new Map<string, number>(ARMS.map((arm) => [arm.id, arm.p]));
  const roles = new Map(plan.arms.map((arm) => [arm.id, arm.role]));
  const agent = { adapter: 'command', version: '1.0.0' };
  const sandbox = { kind: 'bubblewrap' as const, version: '0.8.0' };
  const receipts: Receipt[] = [];
  for (const trial of plan.schedule.trials) {
    const u = draw();
    if (u < 0.005) continue;
    const status: TrialStatus = u < 0.015 ? 'check-error' : draw() < chance.get(trial.arm)! ? 'passed' : 'failed';
    const checks = status === 'check-error' ? CHECKS.invalid : CHECKS[status as 'passed' | 'failed'];
    receipts.push({
      schema: 'crossover.receipt/1',
      planId,
      trial: { ...trial, taskDigest: DIGEST, role: roles.get(trial.arm)! },
      status,
      synthetic: false,
      agent,
      sandbox,
      checks,
      checksRun: status === 'check-error' ? 0 : 2,
      findings: [],
      diagnostics: {
        toolCalls: Math.floor(draw() * 40),
        contextToolCalls: trial.arm === 'baseline' ? 0 : Math.floor(draw() * 8),
        tools: null,
        filesInspected: Math.floor(draw() * 20),
        filesModified: 1 + Math.floor(draw() * 3),
        inputTokens: 10_000 + Math.floor(draw() * 40_000),
        outputTokens: 1_000 + Math.floor(draw() * 4_000),
        costUsd: null,
        elapsedMs: 5_000 + Math.floor(draw() * 60_000),
        relevantFileRecall: draw(),
        skillsUsed: null,
      },
      digest: DIGEST,
    });
  }
  return receipts;
}

/** Child: build one size, then time scoring and rendering; prints one JSON line. */
function measure(tasks: number): void {
  const plan = benchPlan(tasks);
  const planId = DIGEST;
  const receipts = benchReceipts(plan, planId);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = process.hrtime.bigint();
  const scorecard = buildScorecard({ plan, planId, receipts });
  const scored = process.hrtime.bigint();
  const bytes = prettyJson(scorecard).length + renderMarkdown(scorecard).length + renderHtml(scorecard).length;
  const rendered = process.hrtime.bigint();
  const result = {
    receipts: receipts.length,
    scheduled: plan.schedule.trials.length,
    scoreMs: Number(scored - started) / 1e6,
    renderMs: Number(rendered - scored) / 1e6,
    outputMiB: bytes / 2 ** 20,
    heapGrowthMiB: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    verdicts: scorecard.comparisons.map((c) => `${c.arm}:${c.verdict}`).join(' '),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function main(): void {
  const size = process.argv[2];
  if (size) {
    measure(Number(size));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  console.log(`scoring benchmark (node ${process.version}); peak RSS includes the generated plan and receipts`);
  const rows = [1_000, 10_000].map((tasks) => {
    const line = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', self, String(tasks)], {
      encoding: 'utf8',
    });
    return JSON.parse(line.trim()) as {
      receipts: number;
      scheduled: number;
      scoreMs: number;
      renderMs: number;
      outputMiB: number;
      heapGrowthMiB: number;
      peakRssMiB: number;
      verdicts: string;
    };
  });
  for (const r of rows) {
    console.log(
      `${String(r.scheduled).padStart(9)} scheduled, ${String(r.receipts).padStart(9)} receipts: score ${r.scoreMs.toFixed(0).padStart(6)} ms ` +
        `(${((r.scoreMs * 1000) / r.receipts).toFixed(2)} µs/receipt), render ${r.renderMs.toFixed(0).padStart(6)} ms (${r.outputMiB.toFixed(1)} MiB), ` +
        `heap growth ${r.heapGrowthMiB.toFixed(0)} MiB, peak RSS ${r.peakRssMiB.toFixed(0)} MiB`,
    );
  }
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(
    `scaling: ${(large.receipts / small.receipts).toFixed(1)}× receipts took ${(large.scoreMs / small.scoreMs).toFixed(1)}× the scoring time`,
  );
  console.log(`verdicts at 100k: ${small.verdicts}`);
}

main();
