import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { Agent } from '../contracts/agent.js';
import type { Provider } from '../contracts/provider.js';
import { isPathArgument } from '../io/paths.js';
import { shownInSandbox } from '../io/system-binds.js';

/** The PATH agents and provider processes get when the host sets none (trial/environment.ts). */
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';

/** sh builtins an agent command may start with: nothing to find on PATH. */
const BUILTINS = new Set([
  ':',
  '.',
  'true',
  'false',
  'echo',
  'printf',
  'test',
  '[',
  'exec',
  'cd',
  'exit',
  'set',
  'export',
  'eval',
]);

/** What a declared program is checked against: the project root, the sandbox, the PATH programs are found on. */
export interface ResolveContext {
  root: string;
  /** the experiment file, root-relative, as every message names it */
  file: string;
  sandboxed: boolean;
  /** the agent runs in the task's container image, whose programs this machine cannot look up */
  inImage: boolean;
  env: NodeJS.ProcessEnv;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first directory of `path` holding an executable `name`, among those `shown` keeps; null when none. */
function onPath(name: string, env: NodeJS.ProcessEnv, shown: (dir: string) => boolean): string | null {
  const dirs = (env.PATH ?? DEFAULT_PATH).split(delimiter).filter((dir) => isAbsolute(dir) && shown(dir));
  return dirs.find((dir) => executable(join(dir, name))) ?? null;
}

/**
 * The program a shell command starts: its first word after any `NAME=value` assignments. Null when
 * that word is shell syntax (quotes, expansions, redirections) that only the shell can resolve.
 */
export function programOf(command: string): string | null {
  const words = command.trim().split(/\s+/);
  const first = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  if (first === undefined || /[$`"'\\;|&()<>*?[\]{}~]/.test(first)) return null;
  return first;
}

type CommandAgent = Extract<Agent, { adapter: 'command' }>;

/** A registered adapter may take any other name; only `command` runs a declared shell command. */
function isCommandAgent(agent: Agent): agent is CommandAgent {
  return agent.adapter === 'command';
}

/**
 * Why a command agent's program will not start inside the trial's sandbox, naming the field and the
 * fix; null when it will. A "./" program is a file below the project root the sandbox shows only
 * when it lies in one of the agent's declared files; a name is looked up on the agent's PATH, in
 * the directories the sandbox shows (/usr, node's); an absolute path must be one of those too. In a
 * container the image decides: only a "./" program is checked.
 */
export function agentCommandProblem(declared: Agent, field: string, ctx: ResolveContext): string | null {
  if (!isCommandAgent(declared)) return null;
  const agent = declared;
  const program = programOf(agent.command);
  if (program === null || BUILTINS.has(program)) return null;
  const where = `${ctx.file}: ${field}.command`;
  if (program.startsWith('./')) {
    const path = program.slice(2);
    const absolute = resolve(ctx.root, path);
    if (!statSync(absolute, { throwIfNoEntry: false }))
      return `${where}: ${program} does not exist below the project root: correct the path`;
    if (!executable(absolute))
      return `${where}: ${program} is not an executable file: make it one (chmod +x ${path}) or start it through its interpreter (sh ${program})`;
    const files = agent.files ?? [];
    const declared = files.some((file) => path === file || path.startsWith(`${file.replace(/\/$/, '')}/`));
    if (ctx.sandboxed && !declared)
      return `${where}: ${program} is not among the agent's declared files (${field}.files: ${files.join(', ') || 'none'}), so the sandbox does not show it: add its directory to ${field}.files`;
    return null;
  }
  if (ctx.inImage) return null;
  const shown = (dir: string) => !ctx.sandboxed || shownInSandbox(dir);
  if (isAbsolute(program)) {
    if (!executable(program)) return `${where}: ${program} is not an executable file on this machine: correct the path`;
    if (!shown(program))
      return `${where}: ${program} lies outside what the sandbox shows (/usr, node's directory): install it under /usr, or put it below the project root, declare it in ${field}.files and start it as "./<path>"`;
    return null;
  }
  if (program.includes('/')) return null;
  if (onPath(program, ctx.env, shown) !== null) return null;
  const inside = ctx.sandboxed ? " in the directories the sandbox shows (/usr, node's directory)" : '';
  return `${where}: "${program}" is not found on PATH${inside}: correct the name, or put the program below the project root, declare it in ${field}.files and start it as "./<path>"`;
}

/** The command lines a provider declaration starts, each with the field that declares it. */
function providerCommands(provider: Provider): { command: string; field: string }[] {
  const iface = provider.interface;
  return [
    ...(iface.type === 'mcp-stdio' || iface.type === 'cli'
      ? [{ command: iface.command, field: '.interface.command' }]
      : []),
    ...(provider.index ? [{ command: provider.index.command, field: '.index.command' }] : []),
    ...(provider.setup ? [{ command: provider.setup.command, field: '.setup.command' }] : []),
  ];
}

/**
 * Why a provider's commands or declared prerequisites will not be found when its processes start,
 * each naming the field and the fix. A "./" command must be an executable file (relative to the
 * declaring file); a name is the pinned install's binary (`installed`, null while not installed)
 * or a program on PATH. A prerequisite
 * (`requires`: a program the provider itself runs, such as rg) must be on PATH in a directory its
 * sandbox shows, since only its command's own directory is bound beside /usr.
 */
export function providerCommandProblems(
  provider: Provider,
  source: string,
  baseDir: string,
  installed: readonly string[] | null,
  ctx: ResolveContext,
): string[] {
  const problems: string[] = [];
  for (const { command, field } of providerCommands(provider)) {
    const where = `${source}${field}`;
    if (isPathArgument(command)) {
      const absolute = resolve(baseDir, command);
      if (statSync(absolute, { throwIfNoEntry: false }) && !executable(absolute))
        problems.push(
          `${where}: "${command}" is not an executable file: make it one, or name its interpreter as the command and the file in args`,
        );
    } else if (
      !isAbsolute(command) &&
      // a pinned install that is missing blocks the plan on its own (providers.ts)
      !(provider.install && installed === null) &&
      !installed?.includes(command) &&
      onPath(command, ctx.env, () => true) === null
    ) {
      problems.push(
        `${where}: "${command}" is not found on PATH${provider.install ? ` nor among the binaries of ${provider.install.package}` : ''}: correct the name, or install it`,
      );
    }
  }
  const shown = (dir: string) => !ctx.sandboxed || shownInSandbox(dir);
  for (const [index, name] of (provider.requires ?? []).entries()) {
    if (onPath(name, ctx.env, shown) !== null) continue;
    const inside = ctx.sandboxed ? " in a directory the provider's sandbox shows (/usr, node's directory)" : '';
    problems.push(
      `${source}.requires[${index}]: "${name}" is not found on PATH${inside}: install it (a Debian package puts it in /usr/bin), then plan again`,
    );
  }
  return problems;
}
