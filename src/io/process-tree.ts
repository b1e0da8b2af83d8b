import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

/**
 * Finds and kills what is left of an agent's process tree. A process group dies with one signal,
 * but a process that called setsid() has left the group: the sweep finds those by the marker
 * variable every agent process inherits, or by a working directory inside the trial directory.
 * Inside bubblewrap the PID namespace already guarantees this; the sweep is what `--sandbox none`
 * relies on (a process that clears its environment and leaves the trial directory can still
 * escape it there: the reason the sandbox is the default).
 */
export interface ProcessMarker {
  /** `NAME=value` as it appears in /proc/<pid>/environ */
  variable: string;
  /** absolute directory: a process whose cwd lies inside it belongs to the trial */
  directory: string;
}

function readOrNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function belongsToTrial(pid: string, marker: ProcessMarker): boolean {
  const environ = readOrNull(() => readFileSync(`/proc/${pid}/environ`));
  if (environ?.toString('utf8').split('\0').includes(marker.variable)) return true;
  const cwd = readOrNull(() => readlinkSync(`/proc/${pid}/cwd`));
  return cwd !== null && (cwd === marker.directory || cwd.startsWith(marker.directory + sep));
}

/**
 * Pids of live processes that carry the trial's marker (never this process). Read synchronously:
 * /proc is in memory, and a sweep runs at every trial's end, when the machine is busiest; through
 * the thread pool the same sweep costs several times the CPU (two round trips per process).
 */
export function markedProcesses(marker: ProcessMarker): number[] {
  const names = readOrNull(() => readdirSync('/proc')) ?? [];
  return names
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid && belongsToTrial(name, marker))
    .map(Number);
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Kills the process group led by `leader`, then sweeps for marked processes until none is left. */
export async function killTree(leader: number | undefined, marker: ProcessMarker): Promise<void> {
  if (leader !== undefined) kill(-leader);
  // A process may fork while we sweep; repeat until a sweep finds nothing (bounded, to never spin).
  for (let round = 0; round < 20; round += 1) {
    const pids = markedProcesses(marker);
    if (pids.length === 0) return;
    for (const pid of pids) kill(pid);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  session: number;
  /** clock ticks after boot when it started */
  started: number;
  command: string;
}

/** pid, parent, session and name from /proc/<pid>/stat (the name may hold spaces and parentheses). */
function processInfo(pid: string): ProcessInfo | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === null) return null;
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return {
    pid: Number(pid),
    ppid: Number(fields[1]),
    session: Number(fields[3]),
    started: Number(fields[19]),
    command: stat.slice(stat.indexOf('(') + 1, close),
  };
}

/** Every live process as /proc gives it now (one that ends while it is read is left out). */
export function processTable(): ProcessInfo[] {
  return (readOrNull(() => readdirSync('/proc')) ?? [])
    .filter((name) => /^\d+$/.test(name))
    .map(processInfo)
    .filter((info): info is ProcessInfo => info !== null);
}

/** One process and its parent, as /proc gives them. */
export interface ProcessLink {
  pid: number;
  ppid: number;
}

/** The pids below `ancestor` in `table` by parent links (children, their children, …), not `ancestor` itself. */
export function descendantsOf(ancestor: number, table: readonly ProcessLink[]): Set<number> {
  const below = new Set<number>();
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) {
    const siblings = children.get(ppid);
    if (siblings) siblings.push(pid);
    else children.set(ppid, [pid]);
  }
  const pending = [...(children.get(ancestor) ?? [])];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    if (below.has(pid) || pid === ancestor) continue;
    below.add(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return below;
}

/** The wrappers Crossover itself starts around a provider: strace, bwrap, the descriptor closer. */
function isWrapper(pid: number, wrappers: readonly string[]): boolean {
  const exe = readOrNull(() => readlinkSync(`/proc/${pid}/exe`));
  if (exe !== null && wrappers.includes(exe)) return true;
  const argv = readOrNull(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
  return argv?.[2] === 'crossover-close-fds';
}

/** A process of a provider still running where it should not be. */
export interface Survivor {
  pid: number;
  command: string;
}

/**
 * The processes of a tree that would outlive it: below `leader` (by parent links, which a daemon
 * keeps inside a PID namespace, reparented to its init) or carrying the marker, not one of the
 * `wrappers`. With `mainEnded` every one left is a survivor; while the main process (the oldest of
 * them) still runs, those that left its session (setsid: a detached daemon) are, since ending the
 * session would leave them running.
 */
export function survivingProcesses(
  leader: number | undefined,
  marker: ProcessMarker,
  options: { mainEnded: boolean; wrappers: readonly string[] },
): Survivor[] {
  const all = processTable().filter((info) => info.pid !== process.pid);
  const inTree = leader === undefined ? new Set<number>() : new Set([leader, ...descendantsOf(leader, all)]);
  const members = all.filter((info) => inTree.has(info.pid) || belongsToTrial(String(info.pid), marker));
  const providers = members
    .filter((info) => !isWrapper(info.pid, options.wrappers))
    .sort((a, b) => a.started - b.started || a.pid - b.pid);
  if (options.mainEnded) return providers.map(({ pid, command }) => ({ pid, command }));
  const main = providers[0];
  return providers
    .filter((info) => main !== undefined && info.session !== main.session)
    .map(({ pid, command }) => ({ pid, command }));
}

/** Sleeps synchronously: a signal handler's sweep waits for killed processes to go, and must not yield. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Kills, synchronously, every process below `ancestor` and every process whose working directory
 * `owned` claims (what left the tree: a detached daemon of an unsandboxed agent), until a sweep
 * finds none. For a signal handler that must end a run's workers, agents and servers before it exits.
 */
export function killDescendantsSync(ancestor: number, owned: (cwd: string) => boolean): number {
  let killed = 0;
  for (let round = 0; round < 50; round += 1) {
    const table = processTable().filter((info) => info.pid !== process.pid);
    const below = descendantsOf(ancestor, table);
    const pids = table
      .map((info) => info.pid)
      .filter((pid) => {
        if (below.has(pid)) return true;
        const cwd = readOrNull(() => readlinkSync(`/proc/${pid}/cwd`));
        return cwd !== null && owned(cwd);
      });
    if (pids.length === 0) return killed;
    for (const pid of pids) kill(pid);
    killed += pids.length;
    sleepSync(20);
  }
  return killed;
}
