import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CrossoverError } from '../contracts/errors.js';
import { type ContainerEngine, engineCommand } from './container-engine.js';
import { GRADING_CPU_SHARES } from './priority.js';
import type { SandboxIdentity, SandboxLayout } from './sandbox.js';

/**
 * The container backend's run: one fresh container per command, from the task's image by id, with
 * the promises bubblewrap's sandbox keeps (sandbox.ts): an unprivileged uid (as root) or the
 * caller's, no capabilities, no new privileges, a read-only image with a private /tmp, only the
 * trial's writable directories bound read-write, everything else the agent needs bound read-only
 * at the same path (so every path the harness hands it means the same inside), no network unless
 * declared, and pids, memory and CPU limits. The container's PID namespace ends every process
 * inside when its first process exits, detached or not; the container itself is removed after.
 */

/** Where Crossover's own Node is bound in every container: last on PATH, so the image's own node wins for the agent's commands. */
export const CONTAINER_NODE_DIR = '/opt/crossover/bin';
export const CONTAINER_NODE = `${CONTAINER_NODE_DIR}/node`;

/** Docker's PATH for an image that declares none. */
const DEFAULT_IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Where containers run: the engine and the image (by id, never a tag), with the PATH that image gives. */
export interface ContainerPlace {
  engine: ContainerEngine;
  /** the image's id, sha256:…: what a plan binds */
  image: string;
  /** PATH inside: the image's own, then Crossover's node */
  path: string;
}

export interface ContainerLimits {
  pids: number;
  memoryBytes: number;
  cpus: number;
  /** RLIMIT_DATA of every process inside, soft and hard (the node check's memory cap) */
  dataBytes?: number;
  /** a check's container: a check's CPU weight (priority.ts) */
  grading?: boolean;
  /** the CPU cgroup the container goes under instead of the engine's own (grading-group.ts); null: the engine's */
  cpuGroup?: string | null;
}

/** An agent command's container: enough for an agent CLI and a test suite it starts. */
export function agentLimits(): ContainerLimits {
  return { pids: 1024, memoryBytes: 4 * 1024 ** 3, cpus: Math.min(availableParallelism(), 4) };
}

export interface ContainerCommand {
  /** unique: how the container is removed after its command */
  name: string;
  labels: Record<string, string>;
  layout: SandboxLayout;
  cwd: string;
  argv: string[];
  identity: SandboxIdentity;
  limits: ContainerLimits;
  /** variables whose values the engine's CLI passes from its own environment: never on a command line */
  passed: readonly string[];
  /** variables set on the command line (PATH, HOME): nothing secret */
  set: Record<string, string>;
  /** a network namespace of the container's own, but shared with the host (a setup's downloads) */
  network?: 'none' | 'host';
}

/** One --mount value; a field holding a comma or a quote is quoted as CSV, which is how the engine reads it. */
function mountSpec(source: string, target: string, readOnly: boolean): string {
  const field = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return ['type=bind', field(`source=${source}`), field(`target=${target}`), ...(readOnly ? ['readonly'] : [])].join(
    ',',
  );
}

/**
 * Every bind of the layout, by target: read-only paths, then writable ones, then the mounts over
 * them, a later one replacing an earlier one at the same target (the engine refuses a duplicate).
 */
function binds(layout: SandboxLayout): string[] {
  const byTarget = new Map<string, string>();
  byTarget.set(CONTAINER_NODE, mountSpec(realpathSync(process.execPath), CONTAINER_NODE, true));
  for (const path of layout.readOnly.filter((p) => existsSync(p))) byTarget.set(path, mountSpec(path, path, true));
  for (const path of layout.writable) byTarget.set(path, mountSpec(path, path, false));
  for (const mount of layout.writableMounts ?? []) byTarget.set(mount.dest, mountSpec(mount.source, mount.dest, false));
  for (const mount of layout.mounts ?? []) byTarget.set(mount.dest, mountSpec(mount.source, mount.dest, true));
  return [...byTarget.values()].flatMap((spec) => ['--mount', spec]);
}

function user(identity: SandboxIdentity): string {
  if (identity.kind === 'unprivileged') return `${identity.uid}:${identity.gid}`;
  return `${process.getuid?.() ?? 65534}:${process.getgid?.() ?? 65534}`;
}

/** A hard limit of this process from /proc/self/limits (`Max open files`, …); null when unreadable. */
function ownHardLimit(name: string): number | null {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(name));
  const hard = Number(line?.slice(name.length).trim().split(/\s+/)[1]);
  return Number.isSafeInteger(hard) ? hard : null;
}

/**
 * Podman sets RLIMIT_NOFILE and RLIMIT_NPROC of every container to its own defaults (a million and
 * more), which runc may not raise to where the engine's monitor (conmon) has lower hard limits:
 * the container then does not start ("error setting rlimit"). They are set here to what this
 * process has, no higher than conmon's 32768 processes seen on Debian. Docker inherits its daemon's.
 */
function engineLimitArgs(place: ContainerPlace): string[] {
  if (place.engine.kind !== 'podman') return [];
  const files = ownHardLimit('Max open files') ?? 1024;
  const processes = Math.min(ownHardLimit('Max processes') ?? 4096, 32768);
  return ['--ulimit', `nofile=${files}:${files}`, '--ulimit', `nproc=${processes}:${processes}`];
}

function limitArgs(limits: ContainerLimits): string[] {
  return [
    '--pids-limit',
    String(limits.pids),
    '--memory',
    String(limits.memoryBytes),
    '--cpus',
    String(limits.cpus),
    ...(limits.dataBytes === undefined ? [] : ['--ulimit', `data=${limits.dataBytes}:${limits.dataBytes}`]),
    ...(limits.grading ? ['--cpu-shares', String(GRADING_CPU_SHARES)] : []),
    ...(limits.cpuGroup ? ['--cgroup-parent', limits.cpuGroup] : []),
  ];
}

/** The engine arguments that run `command` in a fresh container of `place.image`, removed when it exits. */
export function containerArgv(place: ContainerPlace, command: ContainerCommand): string[] {
  const network = command.network ?? (command.layout.shareNetwork ? 'host' : 'none');
  return [
    'run',
    '--rm',
    '--interactive',
    '--pull',
    'never',
    '--name',
    command.name,
    ...Object.entries(command.labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
    '--user',
    user(command.identity),
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges',
    '--read-only',
    // exec: a test runner (go test) builds its binaries in TMPDIR and runs them there
    '--tmpfs',
    '/tmp:rw,exec,nosuid,nodev,mode=1777,size=2g',
    '--network',
    network,
    ...limitArgs(command.limits),
    ...engineLimitArgs(place),
    ...binds(command.layout),
    '--workdir',
    command.cwd,
    ...command.passed.flatMap((name) => ['--env', name]),
    ...Object.entries(command.set).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
    place.image,
    ...command.argv,
  ];
}

/** The PATH an image declares (Config.Env), or Docker's default, with Crossover's node directory after it; null when the image is not here. */
export async function containerPath(engine: ContainerEngine, image: string): Promise<string | null> {
  const result = await engineCommand(engine, ['image', 'inspect', '--format', '{{json .Config.Env}}', image]);
  if (result.code !== 0) return null;
  let declared: string | undefined;
  try {
    const env = JSON.parse(result.stdout) as string[] | null;
    declared = env?.find((entry) => entry.startsWith('PATH='))?.slice('PATH='.length);
  } catch {
    declared = undefined;
  }
  return `${declared ?? DEFAULT_IMAGE_PATH}:${CONTAINER_NODE_DIR}`;
}

/**
 * The host pid of a running container's first process (its engine reports it): the root of the
 * processes a check runs in it, which are not descendants of the engine's CLI. Null when the
 * container is not running or the engine does not say.
 */
export async function containerProcess(engine: ContainerEngine, name: string): Promise<number | null> {
  const result = await engineCommand(engine, ['container', 'inspect', '--format', '{{.State.Pid}}', name], {
    timeoutMs: 30_000,
  });
  const pid = Number(result.stdout.trim());
  return result.code === 0 && Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

async function exists(engine: ContainerEngine, name: string): Promise<boolean> {
  const result = await engineCommand(engine, ['container', 'inspect', '--format', '{{.Id}}', name]);
  return result.code === 0;
}

/** How long a container's removal may take to show (Docker's own `--rm` may be under way) before it counts as a survivor. */
const REMOVAL_ROUNDS = 20;
const REMOVAL_WAIT_MS = 250;

/**
 * Removes the container (it is usually gone already: `--rm`) and checks that it is: a container
 * that survives its command is an infrastructure failure, never left running behind a receipt.
 */
export async function endContainer(engine: ContainerEngine, name: string): Promise<void> {
  for (let round = 0; round < REMOVAL_ROUNDS; round += 1) {
    await engineCommand(engine, ['rm', '--force', name]);
    if (!(await exists(engine, name))) return;
    await new Promise((resolve) => setTimeout(resolve, REMOVAL_WAIT_MS));
  }
  throw new CrossoverError('infrastructure', `container ${name} outlived its command and could not be removed`);
}
