import { readFileSync } from 'node:fs';

/** A process as a record names it: its pid, and its start time so a reused pid is not taken for it. */
export interface ProcessIdentity {
  pid: number;
  /** clock ticks since boot (/proc/<pid>/stat); null off Linux */
  processStart: string | null;
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised name): when the process started; null off Linux. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** This process, as a record of it names it. */
export function ownIdentity(): ProcessIdentity {
  return { pid: process.pid, processStart: processStart(process.pid) };
}

/** The process still runs: its pid is alive and, where it can be told, is the same process the record names. */
export function processAlive(identity: ProcessIdentity): boolean {
  try {
    process.kill(identity.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  return identity.processStart === null || processStart(identity.pid) === identity.processStart;
}
