import { CrossoverError } from '../contracts/errors.js';

/**
 * What an npm setup would fetch from outside the package registry: a git URL, a GitHub shorthand,
 * a tarball URL. Setup runs with network for the registry only in spirit: such a dependency needs
 * credentials or hosts a machine may not have (`git ls-remote ssh://git@github.com/…: Could not
 * resolve hostname`), and its bytes are not pinned by a registry's integrity. Pure.
 */

/** A dependency fetched from outside the registry, and where it was declared. */
export interface NonRegistryDependency {
  name: string;
  spec: string;
  /** "package.json devDependencies" or "package-lock.json" */
  where: string;
}

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/** True for a spec npm resolves outside the registry (npm-package-arg's git, remote and GitHub-shorthand kinds). */
export function isNonRegistrySpec(spec: string): boolean {
  const value = spec.trim();
  if (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:)/i.test(value)) return true;
  if (/^(npm:|file:|link:|workspace:|portal:)/.test(value)) return false;
  // "user/repo" or "user/repo#ref": npm reads a bare owner/name as a GitHub repository.
  return /^[A-Za-z0-9][\w.-]*\/[\w.-]+(#.*)?$/.test(value);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The package name a lockfile's `node_modules/…/name` key installs. */
function lockedName(path: string): string {
  const at = path.lastIndexOf('node_modules/');
  return at < 0 ? path : path.slice(at + 'node_modules/'.length);
}

/**
 * Every dependency of `manifest` (package.json, parsed) and `lock` (package-lock.json, parsed, or
 * null) that comes from outside the registry, each name once (the manifest's entry first).
 */
export function nonRegistryDependencies(manifest: unknown, lock: unknown): NonRegistryDependency[] {
  const found = new Map<string, NonRegistryDependency>();
  for (const section of SECTIONS)
    for (const [name, spec] of Object.entries(record(record(manifest)[section])))
      if (typeof spec === 'string' && isNonRegistrySpec(spec) && !found.has(name))
        found.set(name, { name, spec, where: `package.json ${section}` });
  for (const [path, entry] of Object.entries(record(record(lock).packages))) {
    const resolved = record(entry).resolved;
    const name = lockedName(path);
    if (path === '' || typeof resolved !== 'string' || found.has(name)) continue;
    // A registry's tarballs live under /-/; anything else is a git URL or a tarball from elsewhere.
    if (/^(git\+|git:)/.test(resolved) || (/^https?:/.test(resolved) && !resolved.includes('/-/')))
      found.set(name, { name, spec: resolved, where: 'package-lock.json' });
  }
  return [...found.values()];
}

/** An npm, yarn or pnpm command installs what package.json and its lockfile name. */
export function installsPackages(command: string): boolean {
  return /(^|[\s;&|(])(npm|npx|yarn|pnpm)\s/.test(command);
}

/** The refusal of a setup that needs such dependencies: names each, and the declared override that gets past it. */
export function nonRegistryRefusal(found: readonly NonRegistryDependency[]): CrossoverError {
  const named = found.map((dep) => `"${dep.name}" is ${dep.spec} (${dep.where})`).join('; ');
  const first = found[0]!.name;
  return new CrossoverError(
    'invalid-input',
    `setup needs the network for something other than the package registry: ${named}. Declare an override that replaces it with a registry version or drops it (task import, corpus import swe-bench: --override ${first}=<version>, or --override ${first}=- to drop it; corpus/README.md, "Declared overrides")`,
  );
}
