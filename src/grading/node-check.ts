import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutInheritedFds } from '../io/close-fds.js';
import { CONTAINER_NODE, type ContainerPlace, containerArgv, endContainer } from '../io/container.js';
import { engineEnvironment } from '../io/container-engine.js';
import { containerIdentity } from '../io/container-host.js';
import { raisePriority } from '../io/priority.js';
import { processTree } from '../io/process-usage.js';
import { bubblewrapArgv, sandboxHost } from '../io/sandbox.js';
import { CheckClock, clockOutcome } from './check-clock.js';
import { boundedMessage, type CheckOutcome, errored, failed, PASS } from './outcome.js';

/** Plain JavaScript next to this module in src/ and in dist/ (see the harness's header). */
export const HARNESS_PATH = fileURLToPath(new URL('./node-check-harness.mjs', import.meta.url));

/** Generous: on a loaded machine starting Node can be slow, and that is never the check's fault. */
export const START_TIMEOUT_MS = 30_000;
/** Longest stdout line kept while looking for protocol lines; longer lines are dropped unread. */
const LINE_LIMIT = 8192;
const STDERR_TAIL = 1000;

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
  }
}

function parseMessage(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : 'the check failed (unreadable message)';
  } catch {
    return 'the check failed (unreadable message)';
  }
}

/** The check can start no processes, but kill its whole group anyway: belt and braces. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export interface NodeCheckRun {
  /** absolute path of the check module */
  checkFile: string;
  /** the task's checks/ directory: the check may import helpers from it */
  checksDir: string;
  /** real path of the graded workspace */
  workspace: string;
  /** the check's own time (check-clock.ts): wall time less the time the machine kept it from running */
  timeoutMs: number;
  signal?: AbortSignal;
  /** the lone re-run of a starved check (grade.ts): time stopped by a signal is then the check's own */
  alone?: boolean;
  /** both on unless a test shows what each one stops (the positive controls) */
  protections?: CheckProtections;
  /** the check modules of `checksDir`, read once for all the checks of a grading; absent: read here */
  sources?: CheckSources;
  /** a container task's image: the check runs in a fresh container of it (Crossover's node bound in), never the agent's */
  container?: ContainerPlace | null;
}

/** Every check module of a task's checks/, as the harness receives them on stdin. */
export interface CheckSources {
  /** absolute paths: each is masked inside the check sandbox */
  modules: string[];
  /** one JSON object mapping each path to its source */
  json: string;
}

export interface CheckProtections {
  /** bwrap around the check: its own network namespace (loopback only), only the workspace, checks and Node visible */
  sandbox: boolean;
  /** the harness locks heap snapshots, inspector and V8 flags and freezes node:assert before any import */
  harden: boolean;
  /** the check process maps at most CHECK_MEMORY_BYTES of writable memory */
  memory: boolean;
}

const PROTECTED: CheckProtections = { sandbox: true, harden: true, memory: true };

/**
 * What a check process may map writable (RLIMIT_DATA): its JavaScript heap, its buffers and Node's
 * own (a check starts under a quarter of it). A workspace that allocates past it fails its check: V8 aborts, or the
 * allocation throws. Not `--max-old-space-size`: that bounds the heap but no Buffer, and any V8 flag
 * on the command line costs each check about 13 ms of CPU, Node 20 recompiling every builtin the
 * harness loads (their embedded code cache holds only for V8's default flags).
 */
export const CHECK_MEMORY_BYTES = 1024 ** 3;

/** What the harness compiles from stdin rather than from disk: the ES modules of a task's checks/. */
const CHECK_MODULE = /\.mjs$/;

/** Every check module under `checksDir`, by absolute path. Other files are fixtures the workspace may read. */
export async function checkModuleFiles(checksDir: string): Promise<string[]> {
  const entries = await readdir(checksDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && CHECK_MODULE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Reads the check modules of `checksDir` once: what every check of a grading delivers on stdin. */
export async function checkSources(checksDir: string): Promise<CheckSources> {
  const modules = await checkModuleFiles(checksDir);
  const sources = await Promise.all(modules.map(async (path) => [path, await readFile(path, 'utf8')] as const));
  return { modules, json: JSON.stringify(Object.fromEntries(sources)) };
}

/** A ready-to-spawn check process, and what to do once it has ended (remove its container). */
interface CheckCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
}

/**
 * The check in a fresh container of the task's image, as the container's user, with no network:
 * the workspace, the checks (each module masked) and the harness read-only, run by Crossover's own
 * node (the permission model's flags are Node 20's), with the same memory cap as on the host.
 */
function containerCheckCommand(
  place: ContainerPlace,
  run: NodeCheckRun,
  node: string[],
  masks: { source: string; dest: string }[],
  memory: boolean,
): CheckCommand {
  const name = `crossover-check-${randomBytes(8).toString('hex')}`;
  const argv = containerArgv(place, {
    name,
    labels: {},
    layout: {
      writable: [],
      readOnly: [run.workspace, run.checksDir, HARNESS_PATH],
      shareNetwork: false,
      mounts: masks,
    },
    cwd: run.workspace,
    argv: [CONTAINER_NODE, ...node],
    identity: containerIdentity(),
    limits: {
      pids: 64,
      memoryBytes: 2 * CHECK_MEMORY_BYTES,
      cpus: 1,
      ...(memory ? { dataBytes: CHECK_MEMORY_BYTES } : {}),
    },
    passed: [],
    set: {},
  });
  return {
    ...withoutInheritedFds(place.engine.path, argv),
    env: engineEnvironment(place.engine),
    cleanup: () => endContainer(place.engine, name),
  };
}

/**
 * The check process's argv: bwrap (when on) around Node under the permission model, started
 * through the descriptor closer, which also caps its memory; or a container of the task's image.
 * Node 20's permission model has no network control and does not check fs.realpathSync against
 * the allowed paths: the network namespace and the bind-only view of the filesystem hold those.
 */
async function checkCommand(
  run: NodeCheckRun,
  args: string[],
  modules: readonly string[],
): Promise<CheckCommand | string> {
  const protections = run.protections ?? PROTECTED;
  const harden = protections.harden ? [] : ['--unhardened'];
  const node = [...args, ...harden];
  const limits = protections.memory ? { dataBytes: CHECK_MEMORY_BYTES } : {};
  // An empty environment: nothing of the grader's (credentials, NODE_OPTIONS) reaches the check.
  if (!protections.sandbox) return { ...withoutInheritedFds(process.execPath, node, limits), env: {} };
  // Each check module reads as empty inside: the harness has its source from stdin (see the harness).
  const masks = modules.map((dest) => ({ source: '/dev/null', dest }));
  if (run.container) return containerCheckCommand(run.container, run, node, masks, protections.memory);
  const host = await sandboxHost();
  if ('reason' in host) return `the check sandbox is not available: ${host.reason}`;
  const layout = {
    writable: [],
    readOnly: [run.workspace, run.checksDir, HARNESS_PATH],
    shareNetwork: false,
    mounts: masks,
  };
  // The caller's identity with every capability dropped: the permission model already denies writes.
  const argv = bubblewrapArgv(layout, run.workspace, [process.execPath, ...node], { kind: 'caller' });
  return { ...withoutInheritedFds(host.bwrap.path, argv, limits), env: {} };
}

/**
 * The Node permission flags: read the workspace, the checks and the harness; nothing else (no
 * writes, child processes or workers). Node 20.20 grants a directory's whole subtree for a bare
 * directory path (`/dir`, `/dir/` and `/dir/*` behave alike), but follows symlinks inside it,
 * which is why tampering.ts refuses a workspace holding one.
 */
export function permissionArgs(run: Pick<NodeCheckRun, 'checksDir' | 'workspace'>): string[] {
  return [
    '--experimental-permission',
    `--allow-fs-read=${run.workspace}`,
    `--allow-fs-read=${run.checksDir}`,
    `--allow-fs-read=${HARNESS_PATH}`,
  ];
}

/**
 * Runs one node check in its own process under Node's permission model and returns its outcome.
 * The check's clock starts at the harness's "started" line, when its processes are also given the
 * grading priority; a harness that never starts is an error (the check did not run), a started check
 * without a result is a failure. Rejects with the signal's reason when aborted.
 */
export async function runNodeCheck(run: NodeCheckRun): Promise<CheckOutcome> {
  run.signal?.throwIfAborted();
  const { modules, json } = run.sources ?? (await checkSources(run.checksDir));
  const command = await checkCommand(
    run,
    [
      ...permissionArgs(run),
      '--experimental-vm-modules',
      '--disable-warning=ExperimentalWarning',
      HARNESS_PATH,
      run.checkFile,
      run.workspace,
    ],
    modules,
  );
  if (typeof command === 'string') return errored(command);
  try {
    return await spawnCheck(run, command, json);
  } finally {
    await command.cleanup?.();
  }
}

function spawnCheck(run: NodeCheckRun, command: CheckCommand, sources: string): Promise<CheckOutcome> {
  return new Promise((resolve, reject) => {
    const nonce = randomBytes(16).toString('hex');
    const child = spawn(command.file, command.args, {
      cwd: run.workspace,
      env: command.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const scanner = new ProtocolScanner(nonce);
    let stderrTail = '';
    let settled = false;
    let clock: CheckClock | null = null;
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
      const times = clock?.stop();
      run.signal?.removeEventListener('abort', onAbort);
      killGroup(child);
      if (outcome instanceof Error) reject(outcome);
      else resolve(times && !outcome.times ? { ...outcome, times } : outcome);
    }

    function started(): void {
      clearTimeout(timer);
      const pid = child.pid as number;
      // Checks get the CPU they were qualified with: ahead of agents and other load (io/priority.ts).
      raisePriority(processTree(pid));
      clock = new CheckClock({
        timeoutMs: run.timeoutMs,
        processes: () => processTree(pid),
        countStopped: run.alone !== true,
        cpuIsOwn: true,
        onEnd: (end) => finish(clockOutcome(end, run.timeoutMs, run.alone === true)),
      });
    }

    function stderrNote(): string {
      const tail = boundedMessage(stderrTail, 300);
      return tail ? `; stderr: ${tail}` : '';
    }

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const wasStarted = scanner.started;
      scanner.push(chunk);
      if (scanner.started && !wasStarted) started();
      if (scanner.result) finish(scanner.result);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => finish(errored(`could not start node for the check: ${error.message}`)));
    child.on('close', (code, signal) => {
      const how = code ?? signal;
      if (scanner.result) finish(scanner.result);
      else if (scanner.started) finish(failed(`exited (${how}) without a result${stderrNote()}`));
      else finish(errored(`the check harness did not start (exit ${how})${stderrNote()}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${nonce}\n${sources}\n`);
  });
}
