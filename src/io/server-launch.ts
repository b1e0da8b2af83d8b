import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { withoutInheritedFds } from './close-fds.js';
import { bubblewrapArgv, type SandboxHost } from './sandbox.js';

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

/** `dir` and every node_modules directory above it: what a script there imports from. */
function scriptReadPaths(script: string): string[] {
  const paths = [dirname(script)];
  for (let dir = dirname(script); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) paths.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) return paths;
  }
}

/**
 * What an MCP server needs to see, read-only, where it runs sandboxed: each absolute script it is
 * given with the packages it imports, an absolute command's directory, and its index.
 */
export function mcpServerReadPaths(server: ServerCommand): string[] {
  const scripts = server.args.filter((arg) => isAbsolute(arg) && existsSync(arg));
  const command = isAbsolute(server.command) ? [dirname(server.command)] : [];
  const index = server.env.CROSSOVER_INDEX_DIR === undefined ? [] : [server.env.CROSSOVER_INDEX_DIR];
  return [...new Set([...scripts.flatMap(scriptReadPaths), ...command, ...index])];
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
}

/**
 * How the proxy (and the probe) starts a provider's process: outside the agent's sandbox (so the agent cannot
 * reach the server's files or its records), and under bubblewrap of its own when the trial is
 * sandboxed: the workspace and the server's install and index read-only, only its own home writable.
 */
export function serverLauncher(place: ServerPlace): ServerLauncher {
  return (server) => {
    const home = join(place.home, server.name.replace(/[^A-Za-z0-9._-]/g, '_'));
    mkdirSync(join(home, 'tmp'), { recursive: true });
    const env = { PATH: place.path, HOME: home, TMPDIR: join(home, 'tmp'), ...server.env };
    const { sandbox } = place;
    if (sandbox === null) return { ...withoutInheritedFds(server.command, server.args), env, cwd: place.workspace };
    const { identity } = sandbox;
    if (identity.kind === 'unprivileged') {
      for (const dir of [home, join(home, 'tmp')]) chownSync(dir, identity.uid, identity.gid);
    }
    const layout = {
      writable: [home, ...place.writable],
      readOnly: [place.workspace, ...place.readOnly, ...mcpServerReadPaths(server)],
      shareNetwork: place.shareNetwork,
      mounts: place.mounts ?? [],
    };
    const argv = bubblewrapArgv(layout, place.workspace, [server.command, ...server.args], identity);
    return { ...withoutInheritedFds(sandbox.bwrap.path, argv), env, cwd: place.workspace };
  };
}
