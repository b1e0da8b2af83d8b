import { access, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { runSandboxed } from '../io/sandboxed-command.js';
import { registryEnvironment } from './setup.js';
import { installsPackages, nonRegistryDependencies, nonRegistryRefusal } from './setup-sources.js';

/** A declared override: a dependency's spec replaced by a registry version, or dropped (spec null). */
export interface DependencyOverride {
  name: string;
  spec: string | null;
}

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
const RESOLVE_TIMEOUT_MS = 600_000;
/** Lockfiles of other package managers: their setups pin what they install, not npm's. */
const OTHER_LOCKFILES = ['yarn.lock', 'pnpm-lock.yaml', 'npm-shrinkwrap.json'];

/** `name=spec` (`name=-` drops it), as --override and a runner mapping's overrides give it. */
export function parseOverride(text: string, what: string): DependencyOverride {
  const at = text.indexOf('=', 1);
  if (at < 0)
    throw new CrossoverError(
      'invalid-input',
      `${what}: expected <dependency>=<version> or <dependency>=-, got "${text}"`,
    );
  const spec = text.slice(at + 1).trim();
  return { name: text.slice(0, at).trim(), spec: spec === '-' ? null : spec };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

type Manifest = Record<string, unknown> & Partial<Record<(typeof SECTIONS)[number], Record<string, string>>>;

/** Applies the overrides to the manifest in place; one note a change, naming the section and both specs. */
function applyOverrides(manifest: Manifest, overrides: readonly DependencyOverride[]): string[] {
  return overrides.map(({ name, spec }) => {
    const sections = SECTIONS.filter((section) => manifest[section]?.[name] !== undefined);
    if (sections.length === 0)
      throw new CrossoverError('invalid-input', `--override ${name}: package.json declares no dependency "${name}"`);
    return sections
      .map((section) => {
        const before = manifest[section]![name]!;
        if (spec === null) delete manifest[section]![name];
        else manifest[section]![name] = spec;
        return `package.json ${section}.${name}: ${before} → ${spec ?? 'dropped'}`;
      })
      .join('; ');
  });
}

/** `npm install --package-lock-only` on a copy of the manifest (and lockfile), with network: the resolved package-lock.json. */
async function resolveLockfile(root: string, workspace: string, hadLock: boolean): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'crossover-lockfile-'));
  try {
    const project = join(work, 'project');
    const home = join(work, 'home');
    const env = registryEnvironment(root, home);
    await mkdir(project);
    await mkdir(home);
    await mkdir(env.npm_config_cache!, { recursive: true });
    for (const file of ['package.json', ...(hadLock ? ['package-lock.json'] : [])])
      await copyFile(join(workspace, file), join(project, file));
    const result = await runSandboxed({
      script: 'npm install --package-lock-only --ignore-scripts --no-audit --no-fund',
      cwd: project,
      env,
      writable: [project, home, env.npm_config_cache!],
      readOnly: [],
      mounts: [],
      network: true,
      timeoutMs: RESOLVE_TIMEOUT_MS,
    });
    if (result.startError !== null || result.timedOut || result.exitCode !== 0)
      throw new CrossoverError(
        'invalid-input',
        `resolving package-lock.json failed (${result.startError ?? (result.timedOut ? 'timed out' : `exit ${result.exitCode}`)}): ${result.tail.slice(-1200)}`,
      );
    await copyFile(join(project, 'package-lock.json'), join(workspace, 'package-lock.json'));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface PreparedDependencies {
  /** what the import changed in the starting tree, one note a change (task.json source.overrides) */
  notes: string[];
  /** the files an npm setup reads, when nothing else decides what it installs (setup.inputs); null otherwise */
  inputs: string[] | null;
}

/**
 * Readies an npm workspace for a reproducible setup before anything installs: applies the declared
 * overrides to package.json; refuses a dependency from outside the registry; and when the setup
 * installs from package.json without an npm lockfile (or the overrides changed it) resolves one
 * into the workspace, so every later setup installs exactly what the task binds by digest.
 */
export async function prepareDependencies(
  root: string,
  workspace: string,
  setupCommand: string | undefined,
  overrides: readonly DependencyOverride[] = [],
): Promise<PreparedDependencies> {
  const manifestPath = join(workspace, 'package.json');
  const text = await readFile(manifestPath, 'utf8').catch(() => null);
  if (text === null) {
    if (overrides.length > 0)
      throw new CrossoverError('invalid-input', '--override: the starting tree has no package.json to apply it to');
    return { notes: [], inputs: null };
  }
  const manifest = JSON.parse(text) as Manifest;
  const notes = applyOverrides(manifest, overrides);
  if (notes.length > 0) await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  if (setupCommand === undefined || !installsPackages(setupCommand)) return { notes, inputs: null };
  const hadLock = await exists(join(workspace, 'package-lock.json'));
  const lock = hadLock ? (JSON.parse(await readFile(join(workspace, 'package-lock.json'), 'utf8')) as unknown) : null;
  const found = nonRegistryDependencies(manifest, notes.length > 0 ? null : lock);
  if (found.length > 0) throw nonRegistryRefusal(found);
  const otherLock = (await Promise.all(OTHER_LOCKFILES.map((file) => exists(join(workspace, file))))).some(Boolean);
  const hasDependencies = SECTIONS.some((section) => Object.keys(manifest[section] ?? {}).length > 0);
  if (!otherLock && hasDependencies && (!hadLock || notes.length > 0)) {
    await resolveLockfile(root, workspace, hadLock);
    notes.push(
      hadLock
        ? 'package-lock.json resolved again at import for the overrides'
        : 'package-lock.json resolved at import: the repository has no lockfile',
    );
  }
  return { notes, inputs: npmInputs(manifest, await exists(join(workspace, '.npmrc'))) };
}

/**
 * What `npm ci` reads: the manifest, the lockfile and .npmrc, unless the manifest installs from
 * the tree itself (workspaces, file: or link: dependencies), whose outputs depend on more.
 */
function npmInputs(manifest: Manifest, npmrc: boolean): string[] | null {
  const local = SECTIONS.some((section) =>
    Object.values(manifest[section] ?? {}).some((spec) => /^(file:|link:|workspace:)/.test(String(spec))),
  );
  if (local || manifest.workspaces !== undefined) return null;
  return ['package.json', 'package-lock.json', ...(npmrc ? ['.npmrc'] : [])];
}
