/**
 * The null and power simulations of the stage-2 shape through the real scoring path: each simulated
 * experiment is a plan's sealed receipts, scored by buildScorecard exactly as a run is (and a sample
 * re-scored by `crossover score` from files, to the same bytes). Shape: 30 tasks × 3 repeats, a
 * baseline, 3 treatments and an aa-control, per-task baseline rates uniform on [0.1, 0.9].
 *
 *   npm run bench:kit        (NULL=400 POWER=600 WIDE=200 CLI=2 COUNTS=2000 for a quick look;
 *                             PHASES=power,cli runs only those)
 *
 * Prints each figure with its Monte-Carlo standard error and the one-sided 95% bound its claim
 * needs. Every verdict is also decided from the receipts' counts by judgeCounts, the rules the power
 * simulation runs, and the disagreements counted (0 expected): which lets the much cheaper
 * count-level simulation give the same figures from 20,000 experiments each. The 1%-invalid runs reuse the very outcomes of the clean runs (common random numbers) and
 * turn 1% of trials into api-fault receipts, so their difference in power is measured paired.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturePlan, fixtureReceipt } from '../fixtures/score/build.js';
import { digestOf, prettyJson } from '../src/contracts/canonical.js';
import type { Plan } from '../src/contracts/plan.js';
import type { Receipt } from '../src/contracts/receipt.js';
import type { Scorecard } from '../src/contracts/scorecard.js';
import type { CountPair } from '../src/score/paired-test.js';
import { type CountedExperiment, judgeCounts, simulateScenario } from '../src/score/power.js';
import type { PowerModel } from '../src/score/power-model.js';
import { seededRandom } from '../src/score/random.js';
import { buildScorecard } from '../src/score/scorecard.js';

const COUNTS = {
  null: Number(process.env.NULL ?? 3000),
  power: Number(process.env.POWER ?? 1500),
  wide: Number(process.env.WIDE ?? 500),
  cli: Number(process.env.CLI ?? 12),
  /** Experiments per figure on the count-level path, checked against buildScorecard verdict for verdict. */
  counts: Number(process.env.COUNTS ?? 20_000),
};
const PHASES = new Set((process.env.PHASES ?? 'null,power,wide,cli,counts').split(','));
const INVALID = 0.01;
const plan: Plan = fixturePlan({ id: 'kit', stage: 2, tasks: 30, repeats: 3, treatments: 3 });
const planId = digestOf(plan);

interface Draw {
  effect: number;
  invalid: number;
  index: number;
}

/** One experiment's sealed receipts: outcomes from `kit/<effect>/<index>`, invalid trials from their own stream. */
function receiptsOf({ effect, invalid, index }: Draw): Receipt[] {
  const outcomes = seededRandom(`kit/${effect}/${index}`);
  const faults = seededRandom(`kit/invalid/${index}`);
  const rates = new Map(plan.tasks.map((task) => [task.id, 0.1 + 0.8 * outcomes.next()]));
  return plan.schedule.trials.map((trial) => {
    const p = Math.min(1, rates.get(trial.taskId)! + (trial.arm === 'treatment-a' ? effect : 0));
    const success = outcomes.next() < p;
    const fault = faults.next() < invalid;
    return fixtureReceipt(plan, planId, trial, { status: fault ? 'api-fault' : success ? 'passed' : 'failed' });
  });
}

/** The same receipts as counts: per arm (aa-control, then the treatments) its complete pairs and dropped tasks. */
function counted(receipts: readonly Receipt[]): CountedExperiment {
  const cells = new Map<string, { successes: number; valid: number; regressions: number }>();
  for (const receipt of receipts) {
    const key = `${receipt.trial.arm}/${receipt.trial.taskId}`;
    const cell = cells.get(key) ?? { successes: 0, valid: 0, regressions: 0 };
    if (receipt.status === 'passed' || receipt.status === 'failed') cell.valid += 1;
    if (receipt.status === 'passed') cell.successes += 1;
    const valid = receipt.status === 'passed' || receipt.status === 'failed';
    if (valid && receipt.checks.some((c) => c.kind === 'regression' && c.status !== 'pass')) cell.regressions += 1;
    cells.set(key, cell);
  }
  const arms = ['aa-control', 'treatment-a', 'treatment-b', 'treatment-c'];
  const pairs = arms.map(() => [] as CountPair[]);
  const dropped = arms.map(() => 0);
  arms.forEach((arm, index) => {
    for (const task of plan.tasks) {
      const own = cells.get(`${arm}/${task.id}`)!;
      const base = cells.get(`baseline/${task.id}`)!;
      if (own.valid === plan.repeats && base.valid === plan.repeats) pairs[index]!.push({ arm: own, baseline: base });
      else dropped[index]! += 1;
    }
  });
  return { tasks: plan.tasks.length, repeats: plan.repeats, pairs, dropped };
}

let checked = 0;
let disagreements = 0;

/** The scorecard of one experiment, its verdicts checked against the count-level rules the power simulation uses. */
function score(draw: Draw): Scorecard {
  const receipts = receiptsOf(draw);
  const scorecard = buildScorecard({ plan, planId, receipts, simulations: 0 });
  const { claims } = judgeCounts(plan.policy, counted(receipts), `${planId}/kit`);
  scorecard.comparisons.forEach((c, i) => {
    const claim = c.verdict === 'better' || c.verdict === 'worse' ? c.verdict : null;
    checked += 1;
    if (claim !== claims[i]) disagreements += 1;
  });
  return scorecard;
}

function share(hits: number, n: number) {
  const p = hits / n;
  return { p, se: Math.sqrt((p * (1 - p)) / n) };
}

function line(label: string, value: { p: number; se: number }, n: number, claim: string): void {
  console.log(`${label.padEnd(58)} ${value.p.toFixed(4)} ± ${value.se.toFixed(4)}  (${n} experiments)  ${claim}`);
}

function nullRuns(): void {
  let familyWise = 0;
  let aaBlocks = 0;
  for (let index = 0; index < COUNTS.null; index += 1) {
    const scorecard = score({ effect: 0, invalid: 0, index });
    if (scorecard.comparisons.some((c) => c.verdict === 'better' || c.verdict === 'worse')) familyWise += 1;
    if (scorecard.aa[0]!.blocks) aaBlocks += 1;
  }
  const fwer = share(familyWise, COUNTS.null);
  line(
    'null: family-wise error (any treatment better or worse)',
    fwer,
    COUNTS.null,
    `upper 95% bound ${(fwer.p + 1.645 * fwer.se).toFixed(4)}; claim ≤ 0.05`,
  );
  line('null: A/A gate blocks', share(aaBlocks, COUNTS.null), COUNTS.null, '');
}

/** Power clean and with 1% invalid trials on the same outcomes, and the paired difference. */
function powerRuns(effect: number, n: number, claim: string): void {
  let clean = 0;
  let invalid = 0;
  let incomplete = 0;
  const differences: number[] = [];
  for (let index = 0; index < n; index += 1) {
    const a = score({ effect, invalid: 0, index }).comparisons[0]!.verdict;
    const b = score({ effect, invalid: INVALID, index }).comparisons[0]!.verdict;
    clean += a === 'better' ? 1 : 0;
    invalid += b === 'better' ? 1 : 0;
    incomplete += b === 'incomplete' ? 1 : 0;
    differences.push((b === 'better' ? 1 : 0) - (a === 'better' ? 1 : 0));
  }
  const power = share(clean, n);
  const mean = differences.reduce((s, d) => s + d, 0) / n;
  const se = Math.sqrt(differences.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1) / n);
  line(
    `power at +${effect} (treatment called better)`,
    power,
    n,
    claim.replace('{low}', (power.p - 1.645 * power.se).toFixed(4)),
  );
  line(`power at +${effect} with 1% invalid (api-fault) trials`, share(invalid, n), n, `${incomplete} incomplete`);
  console.log(
    `${`  paired difference, 1% invalid minus clean`.padEnd(58)} ${mean >= 0 ? '+' : ''}${mean.toFixed(4)} ± ${se.toFixed(4)}  95% interval [${(mean - 1.96 * se).toFixed(4)}, ${(mean + 1.96 * se).toFixed(4)}]; claim within ±0.05`,
  );
}

/** A sample written as files and re-scored by `crossover score`: the same verdicts, the same bytes. */
function cliRuns(): void {
  const bin = fileURLToPath(new URL('../../../../bin/crossover.js', import.meta.url));
  let same = 0;
  for (let index = 0; index < COUNTS.cli; index += 1) {
    const root = mkdtempSync(join(tmpdir(), 'crossover-kit-'));
    const receipts = receiptsOf({ effect: 0.15, invalid: INVALID, index });
    mkdirSync(join(root, 'receipts'));
    writeFileSync(join(root, 'plan.json'), prettyJson(plan));
    for (const receipt of receipts)
      writeFileSync(join(root, 'receipts', `${receipt.trial.id}.json`), prettyJson(receipt));
    execFileSync(process.execPath, [bin, 'score', '--plan', 'plan.json', '--receipts', 'receipts', '--out', 'out'], {
      cwd: root,
      stdio: 'ignore',
    });
    const written = readFileSync(join(root, 'out', 'scorecard.json'), 'utf8');
    if (written === prettyJson(buildScorecard({ plan, planId, receipts }))) same += 1;
    rmSync(root, { recursive: true, force: true });
  }
  console.log(
    `crossover score from files: ${same} of ${COUNTS.cli} scorecards byte-identical to buildScorecard in memory`,
  );
}

/** The same rules on counts, many more experiments: the figures the scorecard-level ones check. */
function countRuns(): void {
  const model: PowerModel = {
    rates: { kind: 'grid', rates: Array.from({ length: 801 }, (_, i) => 0.1 + (0.8 * i) / 800) },
    regressionRate: 0,
    invalidRate: 0,
    treatments: 3,
    policy: plan.policy,
  };
  const n = COUNTS.counts;
  const run = (effect: number, invalid: number) =>
    simulateScenario(
      { ...model, invalidRate: invalid },
      { tasks: 30, repeats: 3, effect, aaShift: 0, extraRegression: 0 },
      n,
      `kit-counts/${invalid}`,
    );
  console.log(
    `\nthe same verdict rules on counts (judgeCounts, as the power simulation runs them), ${n} experiments per figure:`,
  );
  const fwer = run(0, 0).anyClaim;
  line(
    '  null: family-wise error',
    share(fwer * n, n),
    n,
    `upper 95% bound ${(fwer + 1.645 * Math.sqrt((fwer * (1 - fwer)) / n)).toFixed(4)}`,
  );
  const clean = run(0.15, 0).detected;
  const invalid = run(0.15, INVALID).detected;
  line(
    '  power at +0.15',
    share(clean * n, n),
    n,
    `lower 95% bound ${(clean - 1.645 * Math.sqrt((clean * (1 - clean)) / n)).toFixed(4)}; claim ≥ 0.33`,
  );
  line(
    '  power at +0.15 with 1% invalid trials',
    share(invalid * n, n),
    n,
    `difference ${(invalid - clean).toFixed(4)} ± ${Math.sqrt((clean * (1 - clean) + invalid * (1 - invalid)) / n).toFixed(4)}; claim within ±0.05`,
  );
}

const started = process.hrtime.bigint();
console.log(
  `stage-2 shape through buildScorecard: ${plan.tasks.length} tasks × ${plan.repeats} repeats, m = 3 treatments + aa-control, baseline rates uniform on [0.1, 0.9]; ± one Monte-Carlo standard error`,
);
if (PHASES.has('null')) nullRuns();
if (PHASES.has('power')) powerRuns(0.15, COUNTS.power, 'lower 95% bound {low}; claim ≥ 0.33');
if (PHASES.has('wide'))
  powerRuns(0.3, COUNTS.wide, 'the issue measured 0.92, and 0.05 with 1% invalid trials before the missing-data rule');
console.log(`verdicts of buildScorecard against the count-level rules: ${disagreements} disagreements in ${checked}`);
if (PHASES.has('cli') && COUNTS.cli > 0) cliRuns();
if (PHASES.has('counts')) countRuns();
console.log(`took ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s (node ${process.version})`);
