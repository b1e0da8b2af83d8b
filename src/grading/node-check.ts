import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutInheritedFds } from '../io/close-fds.js';
import { CONTAINER_NODE, type ContainerPlace, containerArgv, containerProcess, endContainer } from '../io/container.js';
import { engineEnvironment } from '../io/container-engine.js';
import { containerIdentity } from '../io/container-host.js';
import { gradingGroup } from '../io/grading-group.js';
import { raisePriority } from '../io/priority.js';
import { processTree } from '../io/process-usage.js';
import { bubblewrapArgv, sandboxHost } from '../io/sandbox.js';
import { CheckClock, clockOutcome, deferredClock } from './check-clock.js';
import { type CheckCommand, spawnCheck, type Watch } from './check-process.js';
import { type CheckOutcome, errored } from './outcome.js';

/** Plain JavaScript next to this module in src/ and in dist/ (see the harness's header). */
export const HARNESS_PATH = fileURLToPath(new URL('./node-check-harness.mjs', import.meta.url));

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
  group: string | null,
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
      grading: true,
      cpuGroup: group,
      ...(memory ? { dataBytes: CHECK_MEMORY_BYTES } : {}),
    },
    passed: [],
    set: {},
  });
  return {
    ...withoutInheritedFds(place.engine.path, argv),
    env: engineEnvironment(place.engine),
    cleanup: () => endContainer(place.engine, name),
    ownProcess: () => containerProcess(place.engine, name),
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
  if (run.container) {
    const group = await gradingGroup(run.container.engine);
    return containerCheckCommand(run.container, run, node, masks, protections.memory, group);
  }
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
    return await spawnCheck({ cwd: run.workspace, signal: run.signal }, command, json, clockWatch(run, command));
  } finally {
    await command.cleanup?.();
  }
}

/**
 * The check's clock over its processes, which are also given the grading priority (io/priority.ts):
 * the spawned process's tree, and a container's own processes once its engine has named them. A
 * container check's clock starts then: before, the CLI's idle wait would read as the check's time.
 */
function clockWatch(run: NodeCheckRun, command: CheckCommand): Watch {
  return (pid, end) => {
    const clockOver = (roots: readonly number[]) => {
      const tree = () => roots.flatMap((root) => processTree(root));
      // Checks get the CPU they were qualified with: ahead of agents and other load.
      raisePriority(tree());
      return new CheckClock({
        timeoutMs: run.timeoutMs,
        processes: tree,
        countStopped: run.alone !== true,
        cpuIsOwn: true,
        onEnd: (clockEnd) => end(clockOutcome(clockEnd, run.timeoutMs, run.alone === true)),
      });
    };
    const { ownProcess } = command;
    if (ownProcess === undefined) return clockOver([pid]);
    return deferredClock(
      () => ownProcess().then((own) => clockOver(own === null ? [pid] : [pid, own])),
      (error) => end(errored(`the check's clock could not start: ${String(error)}`)),
    );
  };
}
