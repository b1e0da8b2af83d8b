import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { CrossoverError } from '../contracts/errors.js';

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
 * exist inside. --unshare-all gives it no network, its own PID namespace (killing bwrap ends
 * every process inside, detached or not), IPC, UTS and user namespaces.
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
}

/** Read-only system paths an agent needs to run programs, when they exist on this machine. */
const SYSTEM_PATHS = ['/usr'];
const ETC_PATHS = [
  '/etc/alternatives',
  '/etc/ca-certificates',
  '/etc/group',
  '/etc/hosts',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/nsswitch.conf',
  '/etc/passwd',
  '/etc/resolv.conf',
  '/etc/ssl',
];
const MERGED_USR_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64'];

/** One bind per existing path, so the argv never names something bwrap cannot find. */
function systemBinds(): string[] {
  const args: string[] = [];
  const readOnly = [...SYSTEM_PATHS, dirname(process.execPath), ...ETC_PATHS];
  for (const path of new Set(readOnly)) if (existsSync(path)) args.push('--ro-bind', path, path);
  for (const link of MERGED_USR_LINKS) {
    const stats = lstatSync(link, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) args.push('--symlink', readlinkSync(link), link);
    else if (stats?.isDirectory()) args.push('--ro-bind', link, link);
  }
  return args;
}

/** The bwrap argv that runs `argv` in `cwd` under `layout`. */
export function bubblewrapArgv(layout: SandboxLayout, cwd: string, argv: string[]): string[] {
  const readOnly = layout.readOnly.filter((path) => existsSync(path)).flatMap((path) => ['--ro-bind', path, path]);
  return [
    '--unshare-all',
    ...(layout.shareNetwork ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    ...systemBinds(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    ...readOnly,
    ...layout.writable.flatMap((path) => ['--bind', path, path]),
    '--remount-ro',
    '/',
    '--chdir',
    cwd,
    '--',
    ...argv,
  ];
}

let cachedVersion: Promise<string | null> | null = null;

/** `bwrap --version` ("bubblewrap 0.8.0" → "0.8.0"); null when bubblewrap is not installed. */
export function bubblewrapVersion(): Promise<string | null> {
  cachedVersion ??= promisify(execFile)('bwrap', ['--version']).then(
    ({ stdout }) => stdout.trim().replace(/^bubblewrap\s+/, '') || null,
    () => null,
  );
  return cachedVersion;
}

/** The sandbox version, or a refusal when the sandbox was asked for and is missing. */
export async function requireBubblewrap(): Promise<string> {
  const version = await bubblewrapVersion();
  if (version === null) {
    throw new CrossoverError(
      'infrastructure',
      'bubblewrap (bwrap) is not installed: install it (apt-get install bubblewrap) or run with --sandbox none explicitly',
    );
  }
  return version;
}
