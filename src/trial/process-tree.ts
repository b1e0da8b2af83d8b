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
