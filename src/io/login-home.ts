import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Agent } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';

/** An agent's login file: its name in a login directory and where the agent reads it below its run home. */
export interface LoginFile {
  name: string;
  /** relative to the run home (HOME) */
  target: string;
}

/**
 * Where each agent CLI keeps its subscription login on Linux: Claude Code in `.credentials.json`
 * of its config dir (CLAUDE_CONFIG_DIR, the run home's `.claude`), Codex in `auth.json` of
 * CODEX_HOME (the run home's `.codex`). A login directory is such a config dir made for Crossover.
 */
export const LOGIN_FILES: Record<'claude-code' | 'codex', LoginFile> = {
  'claude-code': { name: '.credentials.json', target: '.claude/.credentials.json' },
  codex: { name: 'auth.json', target: '.codex/auth.json' },
};

/** The user's own agent homes, which a lease never reads from: a trial must not touch the login the user works with. */
export function ownAgentHomes(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? homedir();
  return [
    join(home, '.claude'),
    join(home, '.codex'),
    ...(env.CLAUDE_CONFIG_DIR ? [resolve(env.CLAUDE_CONFIG_DIR)] : []),
    ...(env.CODEX_HOME ? [resolve(env.CODEX_HOME)] : []),
  ];
}

/** `dir` itself, or where it points, when it exists; otherwise the resolved path. */
async function real(dir: string): Promise<string> {
  return realpath(dir).catch(() => resolve(dir));
}

function within(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Group or other may read, write or enter it. */
function sharedMode(mode: number): boolean {
  return (mode & 0o077) !== 0;
}

const octal = (mode: number): string => (mode & 0o777).toString(8).padStart(3, '0');

/** `what` names the directory as the user gave it: `--auth-home <dir>` or the experiment's `$.authHome`. */
/** The `crossover agents login` target that makes a login directory for `adapter`. */
function loginTarget(adapter: Agent['adapter']): string {
  return adapter === 'claude-code' || adapter === 'codex' ? adapter : '<claude-code|codex>';
}

function refuse(what: string, reason: string): CrossoverError {
  return new CrossoverError('refused', `${what}: refused: ${reason}`);
}

/** The login file the directory holds for `adapter`; a command or synthetic agent stands in for whichever one it holds. */
async function loginFileOf(dir: string, adapter: Agent['adapter'], what: string): Promise<LoginFile> {
  if (adapter === 'claude-code' || adapter === 'codex') return LOGIN_FILES[adapter];
  const names = new Set(await readdir(dir));
  const held = Object.values(LOGIN_FILES).filter((file) => names.has(file.name));
  if (held.length !== 1)
    throw refuse(
      what,
      `a ${adapter} agent leases the one login file the directory holds; it holds ${held.length === 0 ? 'neither' : 'both'} of ${Object.values(
        LOGIN_FILES,
      )
        .map((f) => f.name)
        .join(' and ')}`,
    );
  return held[0] as LoginFile;
}

/** Refuses the user's own agent home (or a directory holding one); returns the directory's real path. */
export async function refuseOwnAgentHome(
  dir: string,
  adapter: Agent['adapter'],
  env: NodeJS.ProcessEnv,
  what = `--auth-home ${dir}`,
): Promise<string> {
  const path = await real(dir);
  for (const own of ownAgentHomes(env)) {
    const ownReal = await real(own);
    if (within(ownReal, path) || within(path, ownReal))
      throw refuse(
        what,
        `it is (or holds) your own agent home ${own}; make a login directory for Crossover: crossover agents login ${loginTarget(adapter)} --auth-home <dir>`,
      );
  }
  return path;
}

/** A login directory checked for leasing: its real path and the login file it holds. */
export interface CheckedLoginHome {
  dir: string;
  file: LoginFile;
}

/**
 * Refuses a login directory a lease must not use, with the reason: the user's own agent home (a
 * trial would run on, and refresh, the login the user works with), one other users can read or
 * write (the login file is a bearer credential), or one without the agent's login file.
 */
export async function checkLoginHome(
  dir: string,
  adapter: Agent['adapter'],
  env: NodeJS.ProcessEnv,
  what = `--auth-home ${dir}`,
): Promise<CheckedLoginHome> {
  const path = await refuseOwnAgentHome(dir, adapter, env, what);
  const info = await stat(path).catch(() => null);
  if (info === null || !info.isDirectory()) throw refuse(what, 'it is not a directory');
  if (process.getuid && info.uid !== process.getuid())
    throw refuse(what, `it belongs to uid ${info.uid}, not to you (uid ${process.getuid()})`);
  if (sharedMode(info.mode))
    throw refuse(what, `other users can read or write it (mode ${octal(info.mode)}); run chmod 700 on it`);
  const file = await loginFileOf(path, adapter, what);
  const fileInfo = await lstat(join(path, file.name)).catch(() => null);
  if (fileInfo === null || !fileInfo.isFile())
    throw refuse(
      what,
      `it holds no ${file.name} (a regular file); create it with crossover agents login ${loginTarget(adapter)} --auth-home ${dir}`,
    );
  if (sharedMode(fileInfo.mode))
    throw refuse(
      what,
      `other users can read or write ${file.name} (mode ${octal(fileInfo.mode)}); run chmod 600 on it`,
    );
  return { dir: path, file };
}

/** Quotes one word for sh. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The commands that create a login directory for `adapter` with its pinned launcher: a private
 * directory, the agent's own sign-in with its config home pointed there, and the file made private.
 */
export function loginCommands(adapter: 'claude-code' | 'codex', launcher: string, dir: string): string[] {
  const file = shellWord(join(dir, LOGIN_FILES[adapter].name));
  const signIn =
    adapter === 'claude-code'
      ? `CLAUDE_CONFIG_DIR=${shellWord(dir)} ${shellWord(launcher)}   # then type /login, sign in, and /exit`
      : `CODEX_HOME=${shellWord(dir)} ${shellWord(launcher)} -c 'cli_auth_credentials_store="file"' login`;
  return [`mkdir -p -m 700 ${shellWord(dir)}`, signIn, `chmod 600 ${file}`];
}
