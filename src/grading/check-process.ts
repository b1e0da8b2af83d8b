import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { boundedMessage, type CheckOutcome, type CheckTimes, errored, failed, PASS } from './outcome.js';

/**
 * A check that runs as a process of its own (a node check, or a browser check in the task's image)
 * and reports through one channel: a trusted harness prints protocol lines carrying a one-time
 * nonce it read on stdin, so nothing else the process prints can forge a result.
 */

/** Generous: on a loaded machine starting Node can be slow, and that is never the check's fault. */
export const START_TIMEOUT_MS = 30_000;
/** Longest stdout line kept while looking for protocol lines; longer lines are dropped unread. */
const LINE_LIMIT = 8192;
const STDERR_TAIL = 1000;

const TimesSchema = z
  .object({
    wallMs: z.number().int().nonnegative().describe('wall time of the run'),
    cpuMs: z.number().int().nonnegative().nullable().describe('CPU the check used; null when unreadable'),
    waitMs: z.number().int().nonnegative().nullable().describe('time the check was starved; null when unreadable'),
    ownMs: z.number().int().nonnegative().nullable().describe('the time its limit counts; null when unreadable'),
  })
  .strict();

/** A whole outcome as a harness that keeps the check's clock itself reports it (the browser check in an image). */
const OutcomeSchema = z
  .object({
    status: z.enum(['pass', 'fail', 'error']).describe('the verdict, or error when the check did not run'),
    message: z.string().describe('why, for a fail or an error'),
    times: TimesSchema.optional().describe('what the run took'),
    starved: z.literal(true).optional().describe('no verdict: the machine kept the check from its time'),
  })
  .strict();

function parseMessage(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : 'the check failed (unreadable message)';
  } catch {
    return 'the check failed (unreadable message)';
  }
}

function parseOutcome(json: string): CheckOutcome {
  let parsed: ReturnType<typeof OutcomeSchema.safeParse>;
  try {
    parsed = OutcomeSchema.safeParse(JSON.parse(json));
  } catch {
    return errored('the check harness reported an unreadable outcome');
  }
  if (!parsed.success) return errored('the check harness reported an outcome of the wrong shape');
  const { status, message, times, starved } = parsed.data;
  return {
    status,
    message: boundedMessage(message),
    ...(times ? { times } : {}),
    ...(starved ? { starved } : {}),
  };
}

/**
 * Reads the harness's stdout with bounded memory and keeps only lines that carry this run's
 * nonce: whatever else the check or the workspace prints is ignored.
 */
class ProtocolScanner {
  private readonly prefix: string;
  private partial = '';
  private overlong = false;
  started = false;
  result: CheckOutcome | null = null;

  constructor(nonce: string) {
    this.prefix = `@@crossover-check ${nonce} `;
  }

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (this.overlong) this.overlong = false;
      else this.read(line);
    }
    if (this.partial.length > LINE_LIMIT) {
      this.partial = '';
      this.overlong = true;
    }
  }

  private read(line: string): void {
    if (!line.startsWith(this.prefix) || this.result) return;
    const rest = line.slice(this.prefix.length);
    if (rest === 'started') this.started = true;
    else if (!this.started) return;
    else if (rest === 'pass') this.result = PASS;
    else if (rest.startsWith('fail ')) this.result = failed(parseMessage(rest.slice('fail '.length)));
    else if (rest.startsWith('outcome ')) this.result = parseOutcome(rest.slice('outcome '.length));
  }
}

/** The check can start no processes of its own outside its sandbox, but kill its whole group anyway: belt and braces. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** A ready-to-spawn check process, and what to do once it has ended (remove its container). */
export interface CheckCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
  /** the host pid of the check's own process where it is no descendant of the spawned one (a container's, through its engine) */
  ownProcess?: () => Promise<number | null>;
}

/** What keeps time over a started check: its clock, or a backstop when the harness keeps the clock itself. */
export interface CheckWatch {
  /** stops watching at a result; the run's times when this watch measured them */
  stop(): CheckTimes | undefined;
}

/** Starts the watch of a check whose harness reported "started": `end` settles the run with an outcome. */
export type Watch = (pid: number, end: (outcome: CheckOutcome) => void) => CheckWatch;

export interface CheckProcessRun {
  cwd: string;
  signal?: AbortSignal | undefined;
}

/**
 * Spawns the check's harness, hands it the nonce and `payload` on stdin, and settles with its
 * reported outcome. A harness that never starts is an error (the check did not run); a started
 * check without a result is a failure. Rejects with the signal's reason when aborted.
 */
export function spawnCheck(
  run: CheckProcessRun,
  command: CheckCommand,
  payload: string,
  watch: Watch,
): Promise<CheckOutcome> {
  return new Promise((resolve, reject) => {
    const nonce = randomBytes(16).toString('hex');
    const child = spawn(command.file, command.args, {
      cwd: run.cwd,
      env: command.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const scanner = new ProtocolScanner(nonce);
    let stderrTail = '';
    let settled = false;
    let watching: CheckWatch | null = null;
    const timer = setTimeout(
      () => finish(errored(`the check harness did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const onAbort = () => finish(run.signal?.reason ?? new Error('aborted'));
    run.signal?.addEventListener('abort', onAbort, { once: true });

    function finish(outcome: CheckOutcome | Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Sampled before the kill, while the check's processes are still there to be read.
      const times = watching?.stop();
      run.signal?.removeEventListener('abort', onAbort);
      killGroup(child);
      if (outcome instanceof Error) reject(outcome);
      else resolve(times && !outcome.times ? { ...outcome, times } : outcome);
    }

    function stderrNote(): string {
      const tail = boundedMessage(stderrTail, 300);
      return tail ? `; stderr: ${tail}` : '';
    }

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const wasStarted = scanner.started;
      scanner.push(chunk);
      if (scanner.started && !wasStarted) {
        clearTimeout(timer);
        watching = watch(child.pid as number, finish);
      }
      if (scanner.result) finish(scanner.result);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => finish(errored(`could not start the check harness: ${error.message}`)));
    child.on('close', (code, signal) => {
      const how = code ?? signal;
      if (scanner.result) finish(scanner.result);
      else if (scanner.started) finish(failed(`exited (${how}) without a result${stderrNote()}`));
      else finish(errored(`the check harness did not start (exit ${how})${stderrNote()}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${nonce}\n${payload}\n`);
  });
}
