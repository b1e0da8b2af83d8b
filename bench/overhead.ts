/**
 * What running trials as Vitest tests costs, side by side in one run (issue 7). Prints figures;
 * asserts nothing (docs/architecture.md: no timing assertions).
 *
 * 1. Per trial, a no-op agent (synthetic noop) on the grader's valid-node task, one trial at a time,
 *    against the floor: copy the task's workspace and run its checks directly (one `node` per
 *    check, side by side as Crossover runs them, as a script without Crossover would). Without and
 *    with the bubblewrap sandbox.
 *    Target: at most 10 ms above the floor without the sandbox, at most 20 ms more with it.
 * 2. Start-up of `crossover run`: from spawning the command to the first trial's agent starting.
 *    Target: under 1 s.
 * 3. 32 trials of a `command` agent that sleeps 2 s at concurrency 16 (4 task files of 8 trials, stage 1's A/B slice,
 *    over the machine's workers), against the ideal 4 s. The tasks' checks are trivial so the figure
 *    is the harness's and the scheduler's, not the grader's. Target: within 1.15× of ideal.
 *
 * Each part runs ROUNDS times; a figure set against its target is the median of the rounds.
 *
 *   npm run bench:overhead      (builds dist first: both the CLI and the plugin run from it)
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from '../fixtures/corpus/small-corpus.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = join(REPO, 'bin/crossover.js');
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');
const NOOP_TRIALS = 16;
/** Rounds of each part: a figure against a target is their median, so one disturbed round cannot decide it. */
const ROUNDS = 3;
const SLEEPERS = { trials: 32, concurrency: 16, sleepMs: 2000 };

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Every temporary directory the bench made: removed at the end, also when a measurement fails. */
const scratchDirs: string[] = [];

async function scratchDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

/** A project directory with node_modules linked, the default prompt, and the experiment `fields(root)` declares. */
async function project(name: string, fields: (root: string) => Record<string, unknown>): Promise<string> {
  const root = await scratchDir(`crossover-bench-${name}-`);
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await put(join(root, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  await put(join(root, 'experiments/prompts/default.md'), '{{task.prompt}}\n');
  const experiment = { id: name, corpus: '../corpus', promptTemplate: 'prompts/default.md', ...fields(root) };
  await put(
    join(root, `experiments/${name}.ts`),
    `import { defineExperiment } from 'crossover';\n\nexport default defineExperiment(${JSON.stringify(experiment, null, 2)});\n`,
  );
  return root;
}

async function corpusJson(root: string, categories: string[]): Promise<void> {
  await put(
    join(root, 'corpus/corpus.json'),
    JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'bench',
      version: '1.0.0',
      categories: categories.map((id) => ({ id, title: id })),
    }),
  );
}

function node(args: string[], cwd: string): void {
  execFileSync(process.execPath, args, { cwd, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** Linux's USER_HZ: /proc times are in these ticks (`getconf CLK_TCK`). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * CPU time, in ms, of every descendant this process has waited for (cutime + cstime of
 * /proc/self/stat): on a loaded machine wall time mostly measures the others' load, CPU time
 * much less so.
 */
function childCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of proc(5), counted from the state (field 3) at index 0.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

// ---- 1. per-trial cost of a no-op agent against the floor -------------------------------------

/** One check in its own `node`, as a script without Crossover would run it: its pass or failure is not needed here. */
function runCheck(check: string, workspace: string): Promise<void> {
  const source = `const m = await import(${JSON.stringify(check)}); try { await m.default({ workspace: ${JSON.stringify(workspace)} }); } catch {}`;
  return new Promise<void>((done, fail) =>
    spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: workspace, stdio: 'ignore' })
      .on('exit', () => done())
      .on('error', fail),
  );
}

/** Copies the task's workspace and runs its checks side by side, each in its own `node`, `runs` times: wall and CPU ms per run. */
async function floorPerTrial(taskDir: string, runs: number): Promise<{ wall: number; cpu: number }> {
  const task = JSON.parse(await readFile(join(taskDir, 'task.json'), 'utf8')) as {
    checks: { required: { file: string }[]; regressions: { file: string }[] };
  };
  const checks = [...task.checks.required, ...task.checks.regressions].map((c) => join(taskDir, 'checks', c.file));
  const scratch = await scratchDir('crossover-bench-floor-');
  const cpuBefore = childCpuMs();
  const started = performance.now();
  for (let run = 0; run < runs; run += 1) {
    const workspace = join(scratch, `ws-${run}`);
    await cp(join(taskDir, 'workspace'), workspace, { recursive: true });
    // Side by side, as Crossover grades a trial's node checks (and as a script would, fairly).
    await Promise.all(checks.map((check) => runCheck(check, workspace)));
  }
  return { wall: (performance.now() - started) / runs, cpu: (childCpuMs() - cpuBefore) / runs };
}

interface JsonReport {
  testResults: {
    startTime: number;
    endTime: number;
    assertionResults: { duration: number | null; status: string }[];
  }[];
}

/** The no-op agent's trials one at a time through Vitest and the plugin: mean test duration and file wall per trial. */
async function harnessPerTrial(
  sandbox: 'none' | 'bubblewrap',
): Promise<{ test: number; wall: number; cpu: number; statuses: string[] }> {
  const root = await project('noop', () => ({
    stage: 0,
    agent: { adapter: 'synthetic', behavior: 'noop' },
    arms: [
      { id: 'baseline', role: 'baseline' },
      { id: 'again', role: 'treatment' },
    ],
    repeats: NOOP_TRIALS / 2,
    sandbox,
  }));
  await corpusJson(root, ['boundary-logic']);
  await cp(join(REPO, 'fixtures/tasks/valid-node'), join(root, 'corpus/tasks/valid-node'), { recursive: true });
  await put(
    join(root, 'vitest.config.ts'),
    [
      `import { defineConfig } from 'vitest/config';`,
      `import { crossover } from ${JSON.stringify(join(REPO, 'dist/bundled/index.js'))};`,
      `export default defineConfig({ test: { projects: [{ plugins: [crossover({ experiment: 'experiments/noop.ts', concurrency: 1 })], test: { name: 'noop' } }],`,
      `  reporters: [${JSON.stringify(join(REPO, 'dist/bundled/reporter.js'))}, 'json'], outputFile: { json: 'report.json' } } });`,
      '',
    ].join('\n'),
  );
  const cpuBefore = childCpuMs();
  try {
    node([VITEST, 'run', '--project', 'noop'], root);
  } catch {
    // Vitest exits 1 when trials fail, and a no-op agent's trials fail: that is expected here.
  }
  const report = JSON.parse(await readFile(join(root, 'report.json'), 'utf8')) as JsonReport;
  const file = report.testResults[0];
  if (!file) throw new Error(`${root}: the run produced no test file`);
  const durations = file.assertionResults.map((t) => t.duration ?? 0);
  return {
    test: mean(durations),
    wall: (file.endTime - file.startTime) / durations.length,
    cpu: (childCpuMs() - cpuBefore) / durations.length,
    statuses: file.assertionResults.map((t) => t.status),
  };
}

// ---- 2 + 3. start-up and sleeping agents through `crossover run` -------------------------------

/** Four tasks (2 api, 2 browser surfaces over 4 categories: a stage-1 slice) whose one check is trivial. */
/**
 * Four tasks that qualify (the test suite's small corpus): stage 1 runs only verified tasks, so
 * `crossover corpus verify` qualifies them before the run, outside the measured span.
 */
async function qualifiedCorpus(root: string): Promise<void> {
  await writeCorpus(root, [
    { id: 'api-a', category: 'c1', surface: 'api' },
    { id: 'api-b', category: 'c2', surface: 'api' },
    { id: 'web-a', category: 'c3', surface: 'browser' },
    { id: 'web-b', category: 'c4', surface: 'browser' },
  ]);
  node([CLI, 'corpus', 'verify'], root);
}

/** Milliseconds since the epoch written by the agents, one a line. */
async function marks(file: string): Promise<number[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const stamps = text.split('\n').filter(Boolean).map(Number);
  if (stamps.some((stamp) => !Number.isSafeInteger(stamp)))
    throw new Error(`${file}: expected one millisecond timestamp a line (GNU date +%s%3N)`);
  return stamps;
}

/** Most agents running at the same moment, from their start and end marks. */
function peakAtOnce(starts: number[], ends: number[]): number {
  const events = [...starts.map((t) => [t, 1] as const), ...ends.map((t) => [t, -1] as const)].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1],
  );
  let running = 0;
  let peak = 0;
  for (const [, change] of events) peak = Math.max(peak, (running += change));
  return peak;
}

async function sleepers(): Promise<{
  startup: number;
  trialsWall: number;
  commandWall: number;
  receipts: number;
  trials: number;
  peak: number;
}> {
  // GNU date's millisecond clock: a `node -e` clock costs each agent two Node start-ups (about 90 ms
  // of CPU), which crowd the turn changes and would be counted as the harness's overhead.
  const clock = 'date +%s%3N';
  const root = await project('sleepers', (dir) => ({
    stage: 1,
    agent: {
      adapter: 'command',
      command: `${clock} >> ${join(dir, 'starts.txt')}; sleep ${SLEEPERS.sleepMs / 1000}; ${clock} >> ${join(dir, 'ends.txt')}`,
    },
    arms: [
      { id: 'baseline', role: 'baseline' },
      { id: 'second', role: 'treatment' },
      { id: 'third', role: 'treatment' },
      { id: 'fourth', role: 'treatment' },
    ],
    // Stage 1 (the first stage a command agent may run in): 4 tasks × (baseline + 3 treatments) × 2 repeats.
    repeats: 2,
    sandbox: 'none',
    concurrency: SLEEPERS.concurrency,
  }));
  await qualifiedCorpus(root);
  const spawned = Date.now();
  const output = await new Promise<string>((done, fail) => {
    let text = '';
    const child = spawn(process.execPath, [CLI, 'run', 'experiments/sleepers.ts'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child
      .on('error', fail)
      .on('exit', (code) => (code === 0 ? done(text) : fail(new Error(`crossover run exited ${code}:\n${text}`))));
  });
  const ended = Date.now();
  const starts = await marks(join(root, 'starts.txt'));
  const ends = await marks(join(root, 'ends.txt'));
  const planDir = join(root, '.crossover/sleepers');
  const key = (await readdir(planDir)).find((name) => /^[0-9a-f]{16}$/.test(name));
  const receipts = key ? (await readdir(join(planDir, key, 'receipts'))).filter((n) => n.endsWith('.json')).length : 0;
  if (starts.length === 0) throw new Error(`no agent started:\n${output}`);
  return {
    startup: Math.min(...starts) - spawned,
    trialsWall: Math.max(...ends) - Math.min(...starts),
    commandWall: ended - spawned,
    receipts,
    trials: starts.length,
    peak: peakAtOnce(starts, ends),
  };
}

/** The middle value (the mean of the two middle ones for an even count): one disturbed round does not move it. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One round of part 1: the floor and both harness runs back to back, so their differences share one moment's load. */
async function perTrialRound() {
  const floor = await floorPerTrial(join(REPO, 'fixtures/tasks/valid-node'), NOOP_TRIALS);
  const plain = await harnessPerTrial('none');
  const sandboxed = await harnessPerTrial('bubblewrap');
  return { floor, plain, sandboxed, aboveFloor: plain.wall - floor.wall, sandboxCost: sandboxed.wall - plain.wall };
}

async function main(): Promise<void> {
  const os = await import('node:os');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  process.stdout.write(`bench:overhead on ${os.availableParallelism()} core(s), load average ${load}\n`);
  process.stdout.write(`each part measured in ${ROUNDS} rounds; the figure against a target is the rounds' median\n\n`);

  const rounds: Awaited<ReturnType<typeof perTrialRound>>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) rounds.push(await perTrialRound());
  process.stdout.write(
    `1. per trial, no-op agent on valid-node (3 node checks), ${NOOP_TRIALS} trials one at a time\n`,
  );
  for (const [index, { floor, plain, sandboxed, aboveFloor, sandboxCost }] of rounds.entries()) {
    process.stdout.write(
      `   round ${index + 1}: floor ${ms(floor.wall)}; no sandbox: test ${ms(plain.test)}, file wall/trial ${ms(plain.wall)}, above floor ${ms(aboveFloor)}; bubblewrap: test ${ms(sandboxed.test)}, file wall/trial ${ms(sandboxed.wall)}, above no sandbox ${ms(sandboxCost)}\n`,
    );
  }
  process.stdout.write(
    `   floor (copy workspace + run checks directly, side by side)   ${ms(median(rounds.map((r) => r.floor.wall)))}\n`,
  );
  process.stdout.write(
    `   crossover, no sandbox: above floor ${ms(median(rounds.map((r) => r.aboveFloor)))} (target ≤ 10 ms)\n`,
  );
  process.stdout.write(
    `   crossover, bubblewrap: above no sandbox ${ms(median(rounds.map((r) => r.sandboxCost)))} (target ≤ 20 ms)\n`,
  );
  const states = new Set(rounds.flatMap((r) => [...r.plain.statuses, ...r.sandboxed.statuses]));
  process.stdout.write(`   (test states: ${[...states].join(', ')})\n`);
  const cpu = (pick: (round: (typeof rounds)[number]) => number) => ms(median(rounds.map(pick)));
  process.stdout.write(
    `   CPU time per trial (all processes; Vitest's own start-up shared over the trials): floor ${cpu((r) => r.floor.cpu)}, no sandbox ${cpu((r) => r.plain.cpu)}, bubblewrap ${cpu((r) => r.sandboxed.cpu)}   bubblewrap above no sandbox ${cpu((r) => r.sandboxed.cpu - r.plain.cpu)}\n\n`,
  );

  const runs: Awaited<ReturnType<typeof sleepers>>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) runs.push(await sleepers());
  const ideal = (SLEEPERS.trials / SLEEPERS.concurrency) * SLEEPERS.sleepMs;
  process.stdout.write(
    `2. crossover run start-up (spawn → first agent starts)   ${ms(median(runs.map((r) => r.startup)))} (target < 1000 ms; rounds ${runs.map((r) => ms(r.startup)).join(', ')})\n\n`,
  );
  const last = runs[runs.length - 1] as (typeof runs)[number];
  process.stdout.write(
    `3. ${SLEEPERS.trials} trials of \`sleep ${SLEEPERS.sleepMs / 1000}\` at concurrency ${SLEEPERS.concurrency} (last round: ${last.trials} agents started, ${last.receipts} receipts, at most ${last.peak} at once)\n`,
  );
  const ratios = runs.map((r) => r.trialsWall / ideal);
  process.stdout.write(
    `   first agent start → last agent end   ${ms(median(runs.map((r) => r.trialsWall)))}   ideal ${ms(ideal)}   ratio ${median(ratios).toFixed(2)}× (target ≤ 1.15×; rounds ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')})\n`,
  );
  process.stdout.write(`   whole command, spawn → exit           ${ms(median(runs.map((r) => r.commandWall)))}\n`);
}

try {
  await main();
} finally {
  await Promise.all(scratchDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
