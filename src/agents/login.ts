import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import {
  type CheckedLoginHome,
  checkLoginHome as checkLoginDirectory,
  type LoginRule,
  loginCommands as loginDirectoryCommands,
  refuseOwnAgentHome as refuseOwnHomes,
} from '../io/login-home.js';
import type { AgentLogin } from './definition.js';
import { agentDefinition, agentDefinitions } from './registry.js';

/** The adapters with a subscription login of their own, each with where it keeps it. */
function logins(): { name: string; login: AgentLogin }[] {
  return agentDefinitions().flatMap(({ name, login }) => (login === undefined ? [] : [{ name, login }]));
}

/**
 * What a lease for `adapter` may take from a login directory: its own login file, or, for an agent
 * without one of its own (a command or synthetic agent), whichever agent's login the directory
 * holds. Every agent's own homes are refused, wherever the user keeps them.
 */
export function loginRule(adapter: string, env: NodeJS.ProcessEnv): LoginRule {
  const all = logins();
  const own = agentDefinition(adapter).login;
  const home = env.HOME ?? homedir();
  const variables = all.flatMap(({ login }) => env[login.homeVariable] ?? []).filter((dir) => dir !== '');
  return {
    adapter,
    files: own === undefined ? all.map(({ login }) => login.file) : [own.file],
    ownHomes: [...all.map(({ login }) => join(home, login.ownHome)), ...variables.map((dir) => resolve(dir))],
    loginTarget: own === undefined ? `<${all.map(({ name }) => name).join('|')}>` : adapter,
  };
}

/** A login directory checked for leasing by an `adapter` agent (io/login-home.ts says what is refused and why). */
export function checkLoginHome(
  dir: string,
  adapter: string,
  env: NodeJS.ProcessEnv,
  what?: string,
): Promise<CheckedLoginHome> {
  return checkLoginDirectory(dir, loginRule(adapter, env), what);
}

/** Refuses the user's own agent home (or a directory holding one); returns the directory's real path. */
export function refuseOwnAgentHome(
  dir: string,
  adapter: string,
  env: NodeJS.ProcessEnv,
  what?: string,
): Promise<string> {
  return refuseOwnHomes(dir, loginRule(adapter, env), what);
}

/** The commands that create a login directory for `adapter` with its pinned launcher. */
export function loginCommands(adapter: string, launcher: string, dir: string): string[] {
  const login = agentDefinition(adapter).login;
  if (login === undefined) throw new CrossoverError('invalid-input', `the ${adapter} adapter has no login of its own`);
  return loginDirectoryCommands(login.file, login.signIn(launcher, dir), dir);
}
