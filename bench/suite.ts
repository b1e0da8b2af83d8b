/**
 * What Crossover's own test suite costs (issue 14): the three projects run as `npm test` runs them
 * (one Vitest run), with each project's wall time (its first file's start to its last file's end),
 * the whole run's, and the CPU the machine spent meanwhile, from /proc/stat. The CPU figure is why
 * the suite takes as long as it does: when it is near the cores × wall time, the run is bound by
 * the work its trials, checks, Chromium and agents do, not by how the files are scheduled.
 * Prints figures; asserts nothing: a timing belongs in a benchmark, never in a test's assertions.
 *
 * Target: under 5 minutes on an otherwise idle 2-core machine with the pinned agents and
 * providers installed.
 *
 *   npm run bench:suite      (builds dist first, as `npm test` does)
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';
import { startVitest } from 'vitest/node';
import { TEST_PROJECTS } from '../test/projects.js';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const TARGET_SECONDS = 300;
const SLOWEST_FILES = 10;

/**
 * Seconds the machine's CPUs spent busy since boot, from /proc/stat: in programs (user, nice) and in
 * the kernel for them (system, irq, softirq, steal). The kernel's share is what starting processes
 * (exec, page faults, exit), sandboxes and containers cost beyond the programs' own work.
 */
function busyCpuSeconds(): { user: number; kernel: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  // USER_HZ is 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)).
  return {
    user: ((user ?? 0) + (nice ?? 0)) / 100,
    kernel: ((system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100,
  };
}

interface FileSpan {
  project: string;
  file: string;
  start: number;
  end: number;
}

/** Records when each test file starts (its hooks included) and ends, by project. */
class SpanRecorder implements Reporter {
  readonly spans: FileSpan[] = [];
  private readonly started = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const start = this.started.get(module.id) ?? performance.now();
    this.spans.push({ project: module.project.name, file: module.relativeModuleId, start, end: performance.now() });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const recorder = new SpanRecorder();
const cpuBefore = busyCpuSeconds();
const started = performance.now();
const vitest = await startVitest('test', [], {
  root: REPO,
  project: Object.keys(TEST_PROJECTS),
  reporters: ['dot', recorder],
  watch: false,
});
await vitest.close();
const wall = performance.now() - started;
const cpuAfter = busyCpuSeconds();
const userCpu = cpuAfter.user - cpuBefore.user;
const kernelCpu = cpuAfter.kernel - cpuBefore.kernel;
const cpu = userCpu + kernelCpu;
const failed = process.exitCode !== undefined && process.exitCode !== 0;

console.log(
  `\nCrossover's test suite: ${Object.keys(TEST_PROJECTS).join(', ')}${failed ? ' (some tests FAILED)' : ''}\n`,
);
for (const project of Object.keys(TEST_PROJECTS)) {
  const own = recorder.spans.filter((span) => span.project === project);
  if (own.length === 0) continue;
  const first = Math.min(...own.map((s) => s.start)) - started;
  const last = Math.max(...own.map((s) => s.end)) - started;
  console.log(
    `   ${project.padEnd(7)} ${seconds(last - first).padStart(8)}   ${String(own.length).padStart(3)} files, from ${seconds(first)} to ${seconds(last)} into the run`,
  );
}
const cores = availableParallelism();
console.log(
  `   whole run ${seconds(wall)} (target < ${TARGET_SECONDS} s); CPU busy ${cpu.toFixed(0)} s of ${cores} cores × ${seconds(wall)} (${Math.round((100 * cpu) / (cores * (wall / 1000)))}%): ${userCpu.toFixed(0)} s in programs, ${kernelCpu.toFixed(0)} s in the kernel\n`,
);
console.log(`   slowest files (start to end, hooks included; files run side by side):`);
for (const span of [...recorder.spans].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, SLOWEST_FILES))
  console.log(`   ${seconds(span.end - span.start).padStart(8)}   ${span.project.padEnd(7)} ${span.file}`);
