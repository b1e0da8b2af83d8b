import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';

/** An agent's login file: its name in a login directory and where the agent reads it below its run home. */
export interface LoginFile {
  name: string;
  /** relative to the run home (HOME) */
  target: string;
}

/**
 * What a lease for one agent may take from a login directory. The facts are the agents' own
 * (each adapter's definition in src/agents/); src/agents/login.ts gathers them for an adapter.
 */
export interface LoginRule {
  /** the agent's adapter, as the refusals name it */
  adapter: string;
  /** the login files it accepts: its own, or for an agent without a login of its own any agent's, of which the directory must hold exactly one */
  files: LoginFile[];
  /** the user's own agent homes, which a lease never reads from: a trial must not touch the login the user works with */
  ownHomes: string[];
  /** the `crossover agents login` target that makes a login directory for it */
  loginTarget: string;
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

function refuse(what: string, reason: string): CrossoverError {
  return new CrossoverError('refused', `${what}: refused: ${reason}`);
}

/** The login file the directory holds for the agent; one without a login of its own stands in for whichever one it holds. */
async function loginFileOf(dir: string, rule: LoginRule, what: string): Promise<LoginFile> {
  if (rule.files.length === 1) return rule.files[0] as LoginFile;
  const names = new Set(await readdir(dir));
  const held = rule.files.filter((file) => names.has(file.name));
  if (held.length !== 1)
    throw refuse(
      what,
      `a ${rule.adapter} agent leases the one login file the directory holds; it holds ${held.length === 0 ? 'neither' : 'both'} of ${rule.files
        .map((f) => f.name)
        .join(' and ')}`,
    );
  return held[0] as LoginFile;
}

/**
 * Refuses the user's own agent home (or a directory holding one); returns the directory's real path.
 * `what` names the directory as the user gave it: `--auth-home <dir>` or the experiment's `$.authHome`.
 */
export async function refuseOwnAgentHome(dir: string, rule: LoginRule, what = `--auth-home ${dir}`): Promise<string> {
  const path = await real(dir);
  for (const own of rule.ownHomes) {
    const ownReal = await real(own);
    if (within(ownReal, path) || within(path, ownReal))
      throw refuse(
        what,
        `it is (or holds) your own agent home ${own}; make a login directory for Crossover: crossover agents login ${rule.loginTarget} --auth-home <dir>`,
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
  rule: LoginRule,
  what = `--auth-home ${dir}`,
): Promise<CheckedLoginHome> {
  const path = await refuseOwnAgentHome(dir, rule, what);
  const info = await stat(path).catch(() => null);
  if (info === null || !info.isDirectory()) throw refuse(what, 'it is not a directory');
  if (process.getuid && info.uid !== process.getuid())
    throw refuse(what, `it belongs to uid ${info.uid}, not to you (uid ${process.getuid()})`);
  if (sharedMode(info.mode))
    throw refuse(what, `other users can read or write it (mode ${octal(info.mode)}); run chmod 700 on it`);
  const file = await loginFileOf(path, rule, what);
  const fileInfo = await lstat(join(path, file.name)).catch(() => null);
  if (fileInfo === null || !fileInfo.isFile())
    throw refuse(
      what,
      `it holds no ${file.name} (a regular file); create it with crossover agents login ${rule.loginTarget} --auth-home ${dir}`,
    );
  if (sharedMode(fileInfo.mode))
    throw refuse(
      what,
      `other users can read or write ${file.name} (mode ${octal(fileInfo.mode)}); run chmod 600 on it`,
    );
  return { dir: path, file };
}

/** Quotes one word for sh. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The commands that create a login directory with an agent's pinned launcher: a private directory,
 * the agent's own sign-in (`signIn`, its config home pointed there), and the login file made private.
 */
export function loginCommands(file: LoginFile, signIn: string, dir: string): string[] {
  return [`mkdir -p -m 700 ${shellWord(dir)}`, signIn, `chmod 600 ${shellWord(join(dir, file.name))}`];
}
