import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerReadPaths } from '../agents/sandbox-needs.js';
import { withoutInheritedFds } from '../io/close-fds.js';
import { bubblewrapArgv, type SandboxHost } from '../io/sandbox.js';
import type { ServerLauncher } from './mcp-proxy.js';

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
}

/**
 * How the proxy starts an arm's real MCP server: outside the agent's sandbox (so the agent cannot
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
    };
    const argv = bubblewrapArgv(layout, place.workspace, [server.command, ...server.args], identity);
    return { ...withoutInheritedFds(sandbox.bwrap.path, argv), env, cwd: place.workspace };
  };
}
