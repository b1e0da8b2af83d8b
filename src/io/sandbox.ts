import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { type Bubblewrap, bubblewrapCandidates, resolveBubblewrap } from './bubblewrap.js';
import { fdCloserMissing } from './close-fds.js';
import { systemBinds } from './system-binds.js';
import { ownTree } from './tree-commands.js';

/**
 * The trial sandbox is bubblewrap, driven directly. bwrap starts in about 3 ms; the CLI of
 * @anthropic-ai/sandbox-runtime (which drives bubblewrap itself on Linux) costs about 280 ms per
 * call and wants Node 22, socat and ripgrep. Bubblewrap also lets the default be "nothing is
 * visible" (only what is bound exists), where sandbox-runtime leaves everything readable unless
 * each hidden directory is denied by name.
 *
 * What the agent gets: /usr, the merged-/usr links, a few files of /etc and the node binary's
 * directory, all read-only; its workspace and run home read-write; a private /tmp, /proc and /dev.
 * The corpus, checks, reference, receipts, repository and real home are not bound, so they do not
 * exist inside. It gets no network, its own PID namespace (killing bwrap ends every process
 * inside, detached or not), IPC and UTS namespaces, and no capabilities (see SandboxIdentity).
 */
export interface SandboxLayout {
  /** bound read-write at the same path: the workspace, the run home, the run's TMPDIR */
  writable: string[];
  /** extra read-only paths: the agent's install prefix, its MCP servers' directories */
  readOnly: string[];
  /**
   * Share the host's network namespace. bubblewrap has no host filter: with this on, the agent
   * reaches every host (and the host's loopback), which the receipt records as a finding.
   */
  shareNetwork: boolean;
  /** read-only binds at another path: a repository task's setup outputs over the workspace */
  mounts?: { source: string; dest: string }[];
  /** read-write binds at another path: a Harbor task's tree at its image's WORKDIR, its verifier's logs */
  writableMounts?: { source: string; dest: string }[];
}

/**
 * Who the agent is inside the sandbox. As root, the agent must not stay host uid 0 (with uid 0 it
 * could remount the read-only binds, mount cgroups and write /proc/sys, capabilities dropped or
 * not), so bwrap runs without a user namespace and setpriv drops to an unprivileged uid with no
 * capabilities and no_new_privs; the trial's writable directories are handed to that uid. As an
 * ordinary user the agent keeps the caller's uid in a user namespace, with every capability dropped.
 */
export type SandboxIdentity = { kind: 'unprivileged'; uid: number; gid: number } | { kind: 'caller' };

/** The uid and gid an agent gets when the harness is root: nobody's, which owns nothing on the host. */
export const AGENT_UID = 65534;
export const AGENT_GID = 65534;
/**
 * The uid and gid a provider's processes get when the harness is root: not the agent's, so a
 * server never reads what only the agent's uid may (its leased login, 0600), and owns nothing on
 * the host either.
 */
export const PROVIDER_UID = 65533;
export const PROVIDER_GID = 65533;

/** Who a provider's processes are: as root a uid of their own, as an ordinary user the caller (no other uid to take). */
export function providerIdentity(agent: SandboxIdentity): SandboxIdentity {
  return agent.kind === 'unprivileged' ? { kind: 'unprivileged', uid: PROVIDER_UID, gid: PROVIDER_GID } : agent;
}

/** util-linux's setpriv at its Debian path, inside the sandbox's read-only /usr. */
export const SETPRIV = '/usr/bin/setpriv';

/** The sandbox this process runs agents in: bwrap by absolute path and the identity agents get. */
export interface SandboxHost {
  bwrap: Bubblewrap;
  identity: SandboxIdentity;
}

/** The sandbox, or why it cannot be had: a weaker sandbox is never substituted. */
export async function sandboxHost(): Promise<SandboxHost | { reason: string }> {
  const bwrap = await resolveBubblewrap();
  if (bwrap === null)
    return {
      reason: `bubblewrap (bwrap) is not installed at ${bubblewrapCandidates().join(' or ') || 'an absolute CROSSOVER_BWRAP'}: install it (apt-get install bubblewrap) or run with --sandbox none explicitly`,
    };
  const noFdCloser = fdCloserMissing();
  if (noFdCloser !== null) return { reason: noFdCloser };
  if (process.getuid?.() !== 0) return { bwrap, identity: { kind: 'caller' } };
  if (!existsSync(SETPRIV))
    return {
      reason: `running as root needs ${SETPRIV} (util-linux) to drop the agent to an unprivileged uid; install util-linux or run as an ordinary user`,
    };
  return { bwrap, identity: { kind: 'unprivileged', uid: AGENT_UID, gid: AGENT_GID } };
}

/** The sandbox, or a refusal naming what is missing. */
export async function requireSandbox(): Promise<SandboxHost> {
  const host = await sandboxHost();
  if ('reason' in host) throw new CrossoverError('infrastructure', host.reason);
  return host;
}

/** Namespaces and capabilities: see SandboxIdentity for why root gets no user namespace. */
function isolationArgs(identity: SandboxIdentity, shareNetwork: boolean): string[] {
  const network = shareNetwork ? [] : ['--unshare-net'];
  if (identity.kind === 'caller')
    return ['--unshare-all', ...(shareNetwork ? ['--share-net'] : []), '--cap-drop', 'ALL'];
  return [
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...network,
    // Only what setpriv needs to drop to the agent's uid; setpriv then clears every set, bounding included.
    '--cap-drop',
    'ALL',
    '--cap-add',
    'CAP_SETUID',
    '--cap-add',
    'CAP_SETGID',
    '--cap-add',
    'CAP_SETPCAP',
  ];
}

function asAgent(identity: SandboxIdentity, argv: string[]): string[] {
  if (identity.kind === 'caller') return argv;
  return [
    SETPRIV,
    `--reuid=${identity.uid}`,
    `--regid=${identity.gid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
    '--',
    ...argv,
  ];
}

/**
 * The directories above each bind, made searchable by everyone: bwrap creates missing parents
 * with mode 0700 as root, which the agent's unprivileged uid could not pass through. A parent at
 * or inside another bind is left alone (it is that bind's directory, on the host).
 */
function parentDirs(targets: readonly string[]): string[] {
  const parents = new Set<string>();
  for (const target of targets) {
    for (let dir = dirname(target); dir !== '/' && dir !== '/tmp'; dir = dirname(dir)) parents.add(dir);
  }
  const inBind = (dir: string) => targets.some((target) => dir === target || dir.startsWith(`${target}/`));
  return [...parents]
    .filter((dir) => !inBind(dir))
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1))
    .flatMap((dir) => ['--perms', '0755', '--dir', dir]);
}

/** The bwrap argv that runs `argv` in `cwd` under `layout`, as `identity`. */
export function bubblewrapArgv(
  layout: SandboxLayout,
  cwd: string,
  argv: string[],
  identity: SandboxIdentity,
): string[] {
  const readOnly = layout.readOnly.filter((path) => existsSync(path));
  const system = systemBinds();
  const moved = [...(layout.writableMounts ?? []), ...(layout.mounts ?? [])].map((mount) => mount.dest);
  const targets = [...system.filter((_, index) => index % 3 === 2), ...readOnly, ...layout.writable, ...moved];
  return [
    ...isolationArgs(identity, layout.shareNetwork),
    '--die-with-parent',
    '--new-session',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--tmpfs',
    '/tmp',
    ...parentDirs(targets),
    ...system,
    ...readOnly.flatMap((path) => ['--ro-bind', path, path]),
    ...layout.writable.flatMap((path) => ['--bind', path, path]),
    ...(layout.writableMounts ?? []).flatMap((mount) => ['--bind', mount.source, mount.dest]),
    ...(layout.mounts ?? []).flatMap((mount) => ['--ro-bind', mount.source, mount.dest]),
    '--remount-ro',
    '/',
    '--chdir',
    cwd,
    '--',
    ...asAgent(identity, argv),
  ];
}

/**
 * Gives the agent's uid the trial's writable directories (as root; an ordinary user already owns
 * them): what root made there. Nothing else can have made anything there but the agent's uid.
 */
export async function handOver(paths: readonly string[], identity: SandboxIdentity): Promise<void> {
  if (identity.kind === 'caller') return;
  await ownTree(paths, identity.uid, identity.gid, 0);
}
