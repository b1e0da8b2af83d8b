/**
 * Whether the machine moves the verdict (issue 39). Runs the bundled demo twice in one go, on an idle
 * machine and under a load of busy-loop processes (16 per core by default, each in a session of its
 * own, as agents' sandboxes are), and prints every trial whose status differs between the two, the
 * flips between passed and failed among them, and what the grader made of the starved checks.
 * Prints figures; asserts nothing (docs/architecture.md: no timing assertions).
 *
 *   npm run bench:starved -- [--tasks <prefix>] [--per-core <n>] [--crossover <checkout>]
 *
 * --tasks runs only the demo's tasks whose id starts with the prefix (`web-`: the browser tasks,
 * where load showed the defect), --crossover the `crossover` of another checkout with its dist/
 * built (the code before a fix), the default this one.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Options {
  prefix: string;
  perCore: number;
  checkout: string;
}

function options(): Options {
  const { values } = parseArgs({
    options: { tasks: { type: 'string' }, 'per-core': { type: 'string' }, crossover: { type: 'string' } },
  });
  const perCore = Number(values['per-core'] ?? 16);
  if (!Number.isInteger(perCore) || perCore < 1) throw new Error(`--per-core: expected a positive whole number`);
  return { prefix: values.tasks ?? '', perCore, checkout: resolve(values.crossover ?? REPO) };
}

/** A demo project of the checkout's experiments, its corpus (only the chosen tasks) and node_modules. */
async function demoProject(checkout: string, prefix: string): Promise<{ root: string; tasks: string[] }> {
  const root = await mkdtemp(join(tmpdir(), 'crossover-bench-starved-'));
  await cp(join(checkout, 'experiments'), join(root, 'experiments'), { recursive: true });
  await mkdir(join(root, 'corpus/tasks'), { recursive: true });
  await cp(join(checkout, 'corpus/corpus.json'), join(root, 'corpus/corpus.json'));
  const tasks = (await readdir(join(checkout, 'corpus/tasks'))).filter((id) => id.startsWith(prefix)).sort();
  for (const id of tasks)
    await cp(join(checkout, 'corpus/tasks', id), join(root, 'corpus/tasks', id), { recursive: true });
  await mkdir(join(root, 'fixtures/providers'), { recursive: true });
  await symlink(join(checkout, 'fixtures/providers/code-search'), join(root, 'fixtures/providers/code-search'));
  await symlink(join(checkout, 'node_modules'), join(root, 'node_modules'));
  await writeFile(join(root, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  return { root, tasks };
}

function crossover(checkout: string, root: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    const child = spawn(process.execPath, [join(checkout, 'bin/crossover.js'), ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child
      .on('error', fail)
      .on('exit', (code) =>
        code === 0 ? done(text) : fail(new Error(`crossover ${args[0]} exited ${code}:\n${text}`)),
      );
  });
}

interface CheckSeen {
  id: string;
  status: string;
  message: string;
  wallMs?: number;
  waitMs?: number;
  rerun?: true;
  starved?: true;
}

interface TrialSeen {
  key: string;
  status: string;
  checks: CheckSeen[];
}

async function receipts(root: string): Promise<Map<string, TrialSeen>> {
  const base = join(root, '.crossover/demo');
  const [plan] = (await readdir(base)).filter((name) => /^[0-9a-f]{16}$/.test(name));
  const dir = join(base, plan as string, 'receipts');
  const seen = new Map<string, TrialSeen>();
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json'))) {
    const receipt = JSON.parse(await readFile(join(dir, name), 'utf8'));
    const key = `${receipt.trial.taskId} ${receipt.trial.arm} #${receipt.trial.repeat}`;
    seen.set(key, { key, status: receipt.status, checks: receipt.checks });
  }
  return seen;
}

/** Busy-loop processes, each in a session of its own (detached): the kernel weighs each as an agent's sandbox. */
function startLoad(count: number): () => void {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' }),
  );
  return () => {
    for (const child of children) if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  };
}

interface Run {
  wallS: number;
  trials: Map<string, TrialSeen>;
}

async function runDemo(opts: Options, load: number): Promise<Run> {
  const { root } = await demoProject(opts.checkout, opts.prefix);
  try {
    await crossover(opts.checkout, root, ['probe', 'experiments/demo.ts']);
    const stop = load > 0 ? startLoad(load) : () => undefined;
    const started = performance.now();
    try {
      await crossover(opts.checkout, root, ['run', 'experiments/demo.ts']);
    } finally {
      stop();
    }
    return { wallS: (performance.now() - started) / 1000, trials: await receipts(root) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function counts(run: Run): string {
  const by = new Map<string, number>();
  for (const trial of run.trials.values()) by.set(trial.status, (by.get(trial.status) ?? 0) + 1);
  return [...by.entries()]
    .sort()
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** What the checks took: wall time, and the share of it the clock counted as waiting (known only where measured). */
function checkFigures(run: Run): string {
  const checks = [...run.trials.values()].flatMap((trial) => trial.checks);
  const walls = checks.flatMap((check) => (check.wallMs === undefined ? [] : [check.wallMs]));
  const waited = checks.flatMap((check) =>
    check.wallMs && check.waitMs !== undefined ? [check.waitMs / check.wallMs] : [],
  );
  const timedOut = checks.filter((check) => check.message.startsWith('timed out')).length;
  const rerun = checks.filter((check) => check.rerun).length;
  const starved = checks.filter((check) => check.starved).length;
  const wall = walls.length
    ? `check wall p50 ${percentile(walls, 50)} ms, p95 ${percentile(walls, 95)} ms, max ${Math.max(...walls)} ms; `
    : 'check times not recorded; ';
  // waitMs sums the waits of every thread the clock watches (and the grader's): more than the check itself waited.
  const share = waited.length ? `waitMs/wallMs p50 ${Math.round(percentile(waited, 50) * 100)}%; ` : '';
  return `${checks.length} checks: ${wall}${share}${timedOut} timed out, ${rerun} re-run alone, ${starved} starved twice`;
}

/** The checks of a trial that did not pass, as one line each. */
function failures(trial: TrialSeen): string {
  return trial.checks
    .filter((check) => check.status !== 'pass')
    .map((check) => `      ${check.id} ${check.status}: ${check.message.slice(0, 160)}`)
    .join('\n');
}

function compare(idle: Run, loaded: Run): void {
  let flips = 0;
  const lines: string[] = [];
  for (const [key, before] of [...idle.trials.entries()].sort()) {
    const after = loaded.trials.get(key);
    if (after === undefined) {
      lines.push(`  ${key}: ${before.status} → no receipt`);
      continue;
    }
    const rerun = after.checks.filter((check) => check.rerun || check.starved).length;
    if (before.status === after.status && rerun === 0) continue;
    const pair = new Set([before.status, after.status]);
    if (pair.has('passed') && pair.has('failed')) flips += 1;
    const note = rerun > 0 ? ` (${rerun} check(s) starved, re-run alone)` : '';
    lines.push(`  ${key}: ${before.status} → ${after.status}${note}`);
    if (after.status !== 'passed' && after.status !== before.status) lines.push(failures(after));
  }
  process.stdout.write(`trials whose status differs (idle → loaded), or whose checks the load starved:\n`);
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : '  none\n');
  process.stdout.write(`flips between passed and failed: ${flips} of ${idle.trials.size} trials\n`);
}

async function main(): Promise<void> {
  const opts = options();
  const cores = availableParallelism();
  const load = cores * opts.perCore;
  const commit = execFileSync('git', ['-C', opts.checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
    .trim()
    .concat(opts.checkout === REPO ? '' : ` (${opts.checkout})`);
  const tasks = (await readdir(join(opts.checkout, 'corpus/tasks'))).filter((id) => id.startsWith(opts.prefix));
  process.stdout.write(
    `bench:starved on ${cores} core(s), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; crossover at ${commit}\n`,
  );
  process.stdout.write(
    `the demo (experiments/demo.ts) on ${tasks.length} task(s)${opts.prefix ? ` whose id starts with "${opts.prefix}"` : ''}, idle, then under ${load} busy-loop sessions (${opts.perCore} per core)\n\n`,
  );
  const idle = await runDemo(opts, 0);
  process.stdout.write(
    `idle (no load added):   ${idle.trials.size} trials in ${idle.wallS.toFixed(0)} s: ${counts(idle)}\n`,
  );
  process.stdout.write(`                        ${checkFigures(idle)}\n`);
  const loaded = await runDemo(opts, load);
  process.stdout.write(
    `loaded:                 ${loaded.trials.size} trials in ${loaded.wallS.toFixed(0)} s: ${counts(loaded)}\n`,
  );
  process.stdout.write(`                        ${checkFigures(loaded)}\n\n`);
  compare(idle, loaded);
}

await main();
