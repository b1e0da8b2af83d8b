import { chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { withoutInheritedFds } from './close-fds.js';
import { bubblewrapArgv, providerIdentity, type SandboxHost } from './sandbox.js';

/** A provider's server or command as it is started: what the declaration resolves to. */
export interface ServerCommand {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** A ready-to-spawn process: the sandbox's argv, its environment and working directory. */
export interface Launch {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** How a server is started: the caller puts it under the sandbox. */
export type ServerLauncher = (server: ServerCommand) => Launch;

/** `path` is `dir` or lies below it. */
function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A script's name: it imports the modules beside it, so its directory is what it needs. */
const SCRIPT = /\.(?:[cm]?[jt]s|py)$/;

/** `dir` and every node_modules directory above it: what a script there imports from. */
function scriptReadPaths(script: string): string[] {
  const paths = [dirname(script)];
  for (let dir = dirname(script); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) paths.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) return paths;
  }
}

/** What one absolute argument naming an existing path gives to read: a script its directory, anything else itself. */
function namedPaths(arg: string): { named: string; implied: string[] } {
  const path = resolve(arg);
  if (statSync(path).isFile() && SCRIPT.test(path)) {
    const [directory, ...modules] = scriptReadPaths(path);
    return { named: directory as string, implied: modules };
  }
  return { named: path, implied: [] };
}

/**
 * What an MCP server needs to see, read-only, where it runs sandboxed: exactly the paths its
 * declaration names (an absolute argument: that path; a script: its directory, and the
 * node_modules above it it imports from), an absolute command's directory, and its index.
 * `unprotected` (positive controls only): every argument's parent directory, as before.
 */
export function mcpServerReadPaths(server: ServerCommand, unprotected = false): { named: string[]; implied: string[] } {
  const existing = server.args.filter((arg) => isAbsolute(arg) && existsSync(arg));
  const given = unprotected
    ? existing.map((arg) => ({ named: dirname(arg), implied: scriptReadPaths(arg).slice(1) }))
    : existing.map(namedPaths);
  const command = isAbsolute(server.command) ? [dirname(server.command)] : [];
  const index = server.env.CROSSOVER_INDEX_DIR === undefined ? [] : [server.env.CROSSOVER_INDEX_DIR];
  return {
    named: [...new Set([...given.map((entry) => entry.named), ...command, ...index])],
    implied: [...new Set(given.flatMap((entry) => entry.implied))],
  };
}

export interface ServerPlace {
  /** null: the servers run bare (sandbox none was asked for, or a synthetic self-test without bwrap) */
  sandbox: SandboxHost | null;
  /** the agent's workspace: the server's working directory, read-only to it */
  workspace: string;
  /** the server's own HOME and TMPDIR, outside the agent's run home */
  home: string;
  path: string;
  shareNetwork: boolean;
  /** what the servers read beyond their own command: a provider's pinned install and its index */
  readOnly: string[];
  /** what they may write inside the read-only workspace: the trial's own copy of an in-tree index */
  writable: string[];
  /** read-only binds at another path (the probe's resolver file over /etc/resolv.conf) */
  mounts?: { source: string; dest: string }[];
  /**
   * Directories no server may see beyond what this place gives it (the trial directory: the agent's
   * run home, its leased login): a declared path that holds one or lies in one is refused.
   */
  hidden?: string[];
  /** the positive controls only: arguments' parent directories bound, the server run as the agent's uid */
  unprotected?: boolean;
}

/** Which paths of `candidates` the server is given: none inside the workspace (bound already), none near a hidden one. */
function allowedReads(place: ServerPlace, server: ServerCommand): string[] {
  const { named, implied } = mcpServerReadPaths(server, place.unprotected);
  if (place.unprotected) return [...named, ...implied];
  const granted = [place.workspace, place.home, ...place.writable, ...place.readOnly];
  const exposes = (path: string) =>
    !granted.some((dir) => within(dir, path)) &&
    (place.hidden ?? []).some((hidden) => within(hidden, path) || within(path, hidden));
  const refused = named.find(exposes);
  if (refused !== undefined)
    throw new CrossoverError(
      'invalid-input',
      `provider server ${server.name}: ${refused}, a path its declaration names, holds or lies in the trial's own directory (the agent's run home): it is never given to a server`,
    );
  return [...named, ...implied.filter((path) => !exposes(path))].filter((path) => !within(place.workspace, path));
}

/**
 * How the proxy (and the probe) starts a provider's process: outside the agent's sandbox (so the agent cannot
 * reach the server's files or its records), and under bubblewrap of its own when the trial is
 * sandboxed: the workspace and the server's install and index read-only, only its own home writable,
 * as a uid of its own (providerIdentity), so not even a file the agent's uid alone may read is its.
 */
export function serverLauncher(place: ServerPlace): ServerLauncher {
  return (server) => {
    const home = join(place.home, server.name.replace(/[^A-Za-z0-9._-]/g, '_'));
    mkdirSync(join(home, 'tmp'), { recursive: true });
    const env = { PATH: place.path, HOME: home, TMPDIR: join(home, 'tmp'), ...server.env };
    const { sandbox } = place;
    if (sandbox === null) return { ...withoutInheritedFds(server.command, server.args), env, cwd: place.workspace };
    const identity = place.unprotected ? sandbox.identity : providerIdentity(sandbox.identity);
    if (identity.kind === 'unprivileged') {
      for (const dir of [home, join(home, 'tmp')]) chownSync(dir, identity.uid, identity.gid);
    }
    const layout = {
      writable: [home, ...place.writable],
      readOnly: [place.workspace, ...place.readOnly, ...allowedReads(place, server)],
      shareNetwork: place.shareNetwork,
      mounts: place.mounts ?? [],
    };
    const argv = bubblewrapArgv(layout, place.workspace, [server.command, ...server.args], identity);
    return { ...withoutInheritedFds(sandbox.bwrap.path, argv), env, cwd: place.workspace };
  };
}
