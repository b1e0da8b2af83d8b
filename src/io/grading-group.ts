import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ContainerEngine, engineCommand } from './container-engine.js';
import { GRADING_CPU_SHARES } from './priority.js';

/** The cgroup check containers run under, at the top of the CPU hierarchy. */
export const GRADING_GROUP = 'crossover-grading';

/** The CPU controller's mount: cgroup v1's cpu hierarchy, or the v2 unified one; null when neither is here. */
export function cpuHierarchy(): { dir: string; version: 1 | 2 } | null {
  if (existsSync('/sys/fs/cgroup/cpu/cpu.shares')) return { dir: '/sys/fs/cgroup/cpu', version: 1 };
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) return { dir: '/sys/fs/cgroup', version: 2 };
  return null;
}

/**
 * Gives the group at `dir` the CPU weight of `shares` (v1's scale, where a task at niceness 0 is
 * 1024): v1 takes it as is, v2's cpu.weight has 100 for that task.
 */
export async function writeCpuWeight(dir: string, version: 1 | 2, shares: number): Promise<void> {
  if (version === 1) await writeFile(join(dir, 'cpu.shares'), String(shares));
  else await writeFile(join(dir, 'cpu.weight'), String(Math.min(10_000, Math.max(1, Math.round(shares / 10.24)))));
}

const drivers = new Map<string, Promise<string>>();

/** The engine's cgroup driver: only cgroupfs places a container under any parent path. Asked once per engine. */
function cgroupDriver(engine: ContainerEngine): Promise<string> {
  let driver = drivers.get(engine.path);
  if (driver === undefined) {
    const format = engine.kind === 'docker' ? '{{.CgroupDriver}}' : '{{.Host.CgroupManager}}';
    driver = engineCommand(engine, ['info', '--format', format], { timeoutMs: 30_000 }).then((result) =>
      result.code === 0 ? result.stdout.trim() : '',
    );
    drivers.set(engine.path, driver);
  }
  return driver;
}

/** Creates the grading group with a check's weight; false when this process may not. */
async function createGroup(): Promise<boolean> {
  const hierarchy = cpuHierarchy();
  if (hierarchy === null) return false;
  try {
    const dir = join(hierarchy.dir, GRADING_GROUP);
    await mkdir(dir, { recursive: true });
    if (hierarchy.version === 2) {
      const enabled = await readFile(join(hierarchy.dir, 'cgroup.subtree_control'), 'utf8');
      if (!enabled.split(/\s+/).includes('cpu')) await writeFile(join(hierarchy.dir, 'cgroup.subtree_control'), '+cpu');
    }
    await writeCpuWeight(dir, hierarchy.version, GRADING_CPU_SHARES);
    return true;
  } catch {
    return false;
  }
}

const groups = new Map<string, Promise<string | null>>();

/**
 * The cgroup parent of every check container, or null. The engine puts a container under its own
 * group (Docker's /docker), which the kernel weighs as one task at niceness 0 against each host
 * session: while host checks or the browser checks' Chromium ran at GRADING_NICE on both cores, a
 * looping container check got 0.08 s of CPU in 4 s and was judged starved, whatever its own
 * weight inside that group. Under this group, weighted as a task at GRADING_NICE, it got 2.7 s.
 * Needs write access to the cgroup filesystem (root) and the engine's cgroupfs driver (a systemd
 * driver takes only slices); otherwise null, and check containers run under the engine's group.
 * Made once per engine in a process.
 */
export function gradingGroup(engine: ContainerEngine): Promise<string | null> {
  let group = groups.get(engine.path);
  if (group === undefined) {
    group = (async () =>
      (await cgroupDriver(engine)) === 'cgroupfs' && (await createGroup()) ? `/${GRADING_GROUP}` : null)();
    groups.set(engine.path, group);
  }
  return group;
}

/**
 * The cgroup parent of a container that stands for one host session (a repository's setup or test
 * suite, an agent's command), or null: the top of the CPU hierarchy, where the container (its own
 * group, at the default weight) weighs as one host session at niceness 0, as the same command in
 * bubblewrap does, its own session. Under the engine's group it shared one session's weight with
 * every other container: with two host loops and two looping containers, a container suite that
 * loops was judged starved every time while the same suite in bubblewrap failed on its own time;
 * and each of several container agents got a fraction of a host agent's CPU, against a wall-time
 * limit. Its priority stays a session's, not a check's: a suite or an agent at GRADING_NICE would
 * take the cores from the trials beside it. The engine removes the container's group with it.
 * Null unless the engine's driver is cgroupfs.
 */
export async function sessionGroup(engine: ContainerEngine): Promise<string | null> {
  return (await cgroupDriver(engine)) === 'cgroupfs' ? '/' : null;
}
