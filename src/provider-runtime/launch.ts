import { CrossoverError } from '../contracts/errors.js';
import type { Provider } from '../contracts/provider.js';
import type { InstalledProvider } from '../contracts/provider-install.js';
import { installedLauncher, requireInstalledProvider } from '../io/provider-install.js';
import { resolveCommand } from './command.js';

/** The directories a declaration may name by placeholder: its index, the workspace it serves, its one-time setup's. */
export interface LaunchPlaces {
  indexDir?: string;
  workspace?: string;
  setupDir?: string;
}

const PLACEHOLDER = /\$\{(CROSSOVER_INDEX_DIR|CROSSOVER_WORKSPACE|CROSSOVER_SETUP_DIR)\}/g;

const PLACE_OF: Record<string, keyof LaunchPlaces> = {
  CROSSOVER_INDEX_DIR: 'indexDir',
  CROSSOVER_WORKSPACE: 'workspace',
  CROSSOVER_SETUP_DIR: 'setupDir',
};

/** Each `${CROSSOVER_…}` placeholder replaced by its place; one with no place here is an error naming it. */
export function substitute(value: string, places: LaunchPlaces, where: string): string {
  return value.replace(PLACEHOLDER, (_, name: string) => {
    const place = places[PLACE_OF[name] as keyof LaunchPlaces];
    if (place === undefined)
      throw new CrossoverError('invalid-input', `${where}: \${${name}} is used where there is no ${name}`);
    return place;
  });
}

/** Where a provider's commands resolve: the project (its installs) and the declaring file's directory. */
export interface LaunchBase {
  root: string;
  baseDir: string;
}

/** The install record of a provider that declares one; null for a provider run from a path or PATH. */
export async function installOf(provider: Provider, root: string): Promise<InstalledProvider | null> {
  return provider.install ? requireInstalledProvider(root, provider.install) : null;
}

/**
 * A declared command line ready to spawn: an installed binary called by name becomes its launcher
 * in the pinned prefix, "./" paths are relative to the declaring file, placeholders substituted.
 */
export async function launchCommand(
  provider: Provider,
  declared: { command: string; args: readonly string[] },
  base: LaunchBase,
  places: LaunchPlaces,
  where: string,
): Promise<{ command: string; args: string[] }> {
  const install = await installOf(provider, base.root);
  const args = declared.args.map((arg, i) => substitute(arg, places, `${where}.args[${i}]`));
  const installed = install === null ? null : installedLauncher(base.root, install, declared.command);
  if (installed !== null) return { command: installed, args: resolveCommand('x', args, base.baseDir).args };
  return resolveCommand(declared.command, args, base.baseDir);
}

/** The provider's literal env with its placeholders substituted. */
export function declaredEnv(provider: Provider, places: LaunchPlaces): Record<string, string> {
  return Object.fromEntries(
    Object.entries(provider.env).map(([name, value]) => [name, substitute(value, places, `$.env.${name}`)]),
  );
}
