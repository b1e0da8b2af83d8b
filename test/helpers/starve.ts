import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { mkdir, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ContainerEngine, engineCommand } from '../../src/io/container-engine.js';
import { cpuHierarchy, writeCpuWeight } from '../../src/io/grading-group.js';
import { GRADING_CPU_SHARES, raisePriority } from '../../src/io/priority.js';

/**
 * Starving a check on purpose, as a busy machine does by accident: a watcher that finds a check's
 * process the moment it starts, and a CPU cgroup that lets it run only a sliver of the time; and,
 * for a test that needs the machine to let a process run however busy it is, a check's priority.
 */

/** The argv of a live process, or null when it is gone. */
function argvOf(pid: string): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return null;
  }
}

/** A live process's working directory, as the host sees it (also in bubblewrap or a container); null when it is gone. */
function cwdOf(pid: string): string | null {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

/**
 * How long after a process first appears its argv is read again: long enough for a forked process
 * to exec (bubblewrap's child, a container's init, a test runner's per-file process), so a process
 * that has not become Node by then is passed over. Reading every process's argv at every scan cost
 * the test's thread 15% of a core with 80 processes on the machine, and grew with each one (a
 * suite runs hundreds); reading only recent ones, 3%, near what listing /proc alone costs.
 */
const EXEC_WINDOW_MS = 10_000;

/**
 * Calls `act` once for each new Node process whose argv holds `argument` (a check harness names its
 * check file), looking every 5 ms until `stop()`. With `cwd`, only processes working at or below it,
 * and with no `argument` every Node process there: a test runner forks a process per test file whose
 * argv names only the file, so a runner caught after it forked would leave that process unthrottled.
 * Returns the pids it acted on.
 */
export function watchProcesses(
  argument: string | null,
  act: (pid: number) => void,
  cwd?: string,
): { stop(): number[] } {
  const seen = new Set<number>();
  /** every listed process not acted on, by when it was first listed; forgotten once it is gone, so a reused pid is new */
  const listedSince = new Map<number, number>();
  const within = (dir: string | null) => cwd === undefined || dir === cwd || dir?.startsWith(`${cwd}/`) === true;
  const matches = (pid: string) => {
    const argv = argvOf(pid);
    if (argv === null || !argv[0]?.endsWith('node')) return false;
    return (argument === null || argv.includes(argument)) && within(cwdOf(pid));
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const listed = new Set<number>();
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!/^\d+$/.test(name) || seen.has(pid)) continue;
      listed.add(pid);
      const since = listedSince.get(pid) ?? now;
      listedSince.set(pid, since);
      if (now - since > EXEC_WINDOW_MS || !matches(name)) continue;
      seen.add(pid);
      try {
        act(pid);
      } catch {
        // it ended meanwhile
      }
    }
    for (const pid of listedSince.keys()) if (!listed.has(pid)) listedSince.delete(pid);
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return [...seen];
    },
  };
}

/**
 * A CPU cgroup whose processes together get `percent` of one CPU (CFS bandwidth control). Needs root,
 * as the containment tests do. A throttled process is ready to run but kept off the CPU: the kernel
 * counts that time as run-queue delay, exactly as it counts the wait of a process on a busy machine.
 */
export async function cpuThrottle(percent: number): Promise<{ add(pid: number): void; remove(): Promise<void> }> {
  const hierarchy = cpuHierarchy();
  if (hierarchy === null)
    throw new Error('no CPU cgroup controller is mounted: the throttling test needs one (and root)');
  const dir = join(hierarchy.dir, `crossover-test-${process.pid}-${Date.now()}`);
  await mkdir(dir);
  const period = 100_000;
  const quota = Math.max(1000, Math.round((period * percent) / 100));
  if (hierarchy.version === 1) {
    await writeFile(join(dir, 'cpu.cfs_period_us'), String(period));
    await writeFile(join(dir, 'cpu.cfs_quota_us'), String(quota));
  } else await writeFile(join(dir, 'cpu.max'), `${quota} ${period}`);
  return {
    add: (pid) => {
      // cgroup.procs moves the whole thread group: every thread of the check.
      writeFileSync(join(dir, 'cgroup.procs'), String(pid));
    },
    remove: async () => {
      // Its processes have ended (a check is killed at its end); an empty cgroup can be removed.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        try {
          await rmdir(dir);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}

/**
 * How the kernel weighs a process's CPU cgroup against the host's tasks: the top-level group it
 * sits under (its ancestor just below the root) and that group's weight, on v1's scale (a task at
 * niceness 0 is 1024).
 */
export function topGroupWeight(pid: number): { group: string; shares: number } {
  const hierarchy = cpuHierarchy();
  if (hierarchy === null) throw new Error('no CPU cgroup controller is mounted');
  const group = cpuGroupOf(pid, hierarchy.version).split('/')[1] ?? '';
  const dir = `${hierarchy.dir}/${group}`;
  const shares =
    hierarchy.version === 1
      ? Number(readFileSync(`${dir}/cpu.shares`, 'utf8'))
      : Math.round(Number(readFileSync(`${dir}/cpu.weight`, 'utf8')) * 10.24);
  return { group, shares };
}

/** The process's CPU cgroup, relative to the hierarchy's root ('/' for the root group). */
function cpuGroupOf(pid: number, version: 1 | 2): string {
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n');
  const line = lines.find((entry) =>
    version === 1 ? entry.split(':')[1]?.split(',').includes('cpu') : entry.startsWith('0::'),
  );
  return line?.split(':').slice(2).join(':') ?? '/';
}

/**
 * Gives a process the CPU a check gets, whatever else the machine runs: GRADING_NICE for its
 * threads and its session (priority.ts), or, in a container's own top-level group (a runner's,
 * grading-group.ts), a check's weight for that group. What "when the machine lets it run" needs
 * on a busy machine, where a session at niceness 0 may get too little to reach its own limit.
 */
export function favour(pid: number): void {
  raisePriority([pid]);
  const hierarchy = cpuHierarchy();
  if (hierarchy === null) return;
  const group = cpuGroupOf(pid, hierarchy.version);
  if (/^\/[0-9a-f]{64}$/.test(group))
    void writeCpuWeight(join(hierarchy.dir, group), hierarchy.version, GRADING_CPU_SHARES).catch(() => undefined);
}

/** Runs `work` with every Node process working at or below `cwd` favoured (`favour`) from its start. */
export async function withFavoured<T>(cwd: string, work: () => Promise<T>): Promise<T> {
  const watcher = watchProcesses(null, favour, cwd);
  try {
    return await work();
  } finally {
    watcher.stop();
  }
}

/**
 * Runs `work` with every Node process working at or below `cwd` kept to 5% of a core from its
 * start (`cpuThrottle`): a suite the machine starves. Returns its result and how many processes
 * were caught.
 */
export async function withThrottled<T>(cwd: string, work: () => Promise<T>): Promise<{ result: T; caught: number }> {
  const throttle = await cpuThrottle(5);
  const watcher = watchProcesses(null, (pid) => throttle.add(pid), cwd);
  try {
    const result = await work();
    return { result, caught: watcher.stop().length };
  } finally {
    watcher.stop();
    await throttle.remove();
  }
}

/** Runs `work` with this very process kept to `percent` of a core (`cpuThrottle`), then puts it back where it was. */
export async function withThisProcessThrottled<T>(percent: number, work: () => Promise<T>): Promise<T> {
  const hierarchy = cpuHierarchy();
  if (hierarchy === null) throw new Error('no CPU cgroup controller is mounted');
  const home = join(hierarchy.dir, cpuGroupOf(process.pid, hierarchy.version), 'cgroup.procs');
  const throttle = await cpuThrottle(percent);
  throttle.add(process.pid);
  try {
    return await work();
  } finally {
    writeFileSync(home, String(process.pid));
    await throttle.remove();
  }
}

/**
 * The top-level group and weight of a container the engine starts as it does by default, with
 * `options` and no cgroup parent: the control of a test that reads where Crossover's containers sit.
 */
export async function defaultContainerWeight(
  engine: ContainerEngine,
  image: string,
  options: readonly string[],
): Promise<{ group: string; shares: number }> {
  const name = `crossover-weight-control-${process.pid}-${Date.now()}`;
  const started = await engineCommand(engine, [
    'run',
    '--detach',
    '--rm',
    '--name',
    name,
    '--network',
    'none',
    ...options,
    image,
    'sleep',
    '30',
  ]);
  if (started.code !== 0) throw new Error(`the control container did not start: ${started.stderr}`);
  try {
    const inspected = await engineCommand(engine, ['inspect', '--format', '{{.State.Pid}}', name]);
    return topGroupWeight(Number(inspected.stdout.trim()));
  } finally {
    await engineCommand(engine, ['rm', '--force', name]);
  }
}
