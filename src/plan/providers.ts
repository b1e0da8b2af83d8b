import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { canonicalJson, digestBytes, digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { PlannedCommand, PlannedProvider } from '../contracts/plan.js';
import { type ProbeEligibility, ProbeRecordSchema, probeRecordSealHolds } from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import { readArtifact } from '../io/json.js';
import { isPathArgument, rootRelative } from '../io/paths.js';
import { currentBinDigests, readInstalledProvider } from '../io/provider-install.js';
import { decideEligibility } from '../probe/eligibility.js';

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

export interface Place {
  root: string;
  experimentDir: string;
  /** names the declaration in errors: "<file>: $.providers[2]" */
  source: string;
  /** the experiment file, root-relative, for the message that says how to probe */
  experimentFile: string;
}

/** Rewrites path arguments from experiment-relative to "./<root-relative>", collecting the files they name. */
async function planCommand(
  command: string,
  args: readonly string[],
  place: Place,
  path: string,
  files: Map<string, string>,
): Promise<PlannedCommand> {
  const rewrite = async (value: string, at: string): Promise<string> => {
    if (!isPathArgument(value)) return value;
    const absolute = resolve(place.experimentDir, value);
    const rel = rootRelative(place.root, absolute, `${place.source}${at}`);
    const stats = await stat(absolute).catch(() => null);
    if (!stats)
      throw new CrossoverError(
        'invalid-input',
        `${place.source}${at}: "${value}" (relative to the experiment file) does not exist`,
      );
    if (stats.isFile()) files.set(rel, digestBytes(await readFile(absolute)));
    return `./${rel}`;
  };
  const planned: string[] = [];
  for (const [index, arg] of args.entries()) planned.push(await rewrite(arg, `${path}.args[${index}]`));
  return { command: await rewrite(command, `${path}.command`), args: planned };
}

/** The probe record's identity digest and eligibility; a record that does not parse names its file and field. */
async function readProbe(
  probesDir: string,
  id: string,
): Promise<{ digest: string | null; eligibility: ProbeEligibility | null }> {
  const path = join(probesDir, `${id}.json`);
  if (!existsSync(path)) return { digest: null, eligibility: null };
  const record = await readArtifact(path, ProbeRecordSchema).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new CrossoverError('invalid-input', `${message} (a probe record; re-run crossover probe)`, { cause: error });
  });
  if (record.provider !== id)
    throw new CrossoverError('invalid-input', `${path}: $.provider: expected "${id}", got "${record.provider}"`);
  // The plan binds the digest and acts on the eligibility: both must follow from the identity recorded.
  const digest = digestOf(record.identity);
  if (digest !== record.digest)
    throw new CrossoverError(
      'invalid-input',
      `${path}: $.digest is ${record.digest}, but its identity digests to ${digest}: the record was changed after the probe; re-run crossover probe`,
    );
  if (!same(decideEligibility(record.identity), record.eligibility))
    throw new CrossoverError(
      'invalid-input',
      `${path}: $.eligibility is not what its identity decides: the record was changed after the probe; re-run crossover probe`,
    );
  if (!probeRecordSealHolds(record))
    throw new CrossoverError(
      'invalid-input',
      `${path}: $.recordDigest does not match the record's content: it was changed after the probe; re-run crossover probe`,
    );
  return { digest: record.digest, eligibility: record.eligibility };
}

/**
 * The pinned install a provider runs from, bound by its record and its binaries' current digests,
 * so a changed install is drift. A missing or changed install blocks the plan, saying what to run.
 */
async function bindInstall(provider: Provider, root: string, blocked: string[]): Promise<PlannedProvider['install']> {
  if (!provider.install) return null;
  const { registry, package: name, version } = provider.install;
  const label = `${registry}:${name}@${version}`;
  const record = await readInstalledProvider(root, provider.install);
  if (record === null) {
    blocked.push(`provider ${provider.id}: ${label} is not installed: run crossover providers install ${label}`);
    return null;
  }
  const binDigests = await currentBinDigests(root, record);
  if (binDigests.some((digest, i) => digest !== record.bins[i]?.digest))
    blocked.push(`provider ${provider.id}: the install of ${label} changed since it was installed; reinstall it`);
  return { package: label, recordDigest: digestOf(record), binDigests };
}

/**
 * Binds one provider's declaration (paths made root-relative) by digest, the files its commands
 * name by content and its pinned install, not yet its probe: what a trial needs to launch it.
 */
export async function bindProvider(
  provider: Provider,
  place: Place,
): Promise<{ planned: PlannedProvider; blocked: string[] }> {
  const files = new Map<string, string>();
  const iface = provider.interface;
  const launch =
    iface.type === 'mcp-stdio' || iface.type === 'cli'
      ? await planCommand(iface.command, iface.type === 'mcp-stdio' ? iface.args : [], place, '.interface', files)
      : null;
  const url = iface.type === 'mcp-http' ? iface.url : iface.type === 'api' ? iface.baseUrl : null;
  const index = provider.index
    ? await planCommand(provider.index.command, provider.index.args, place, '.index', files)
    : null;
  // The setup command's files are bound like the index command's: a changed setup script is drift.
  const setup = provider.setup
    ? { ...provider.setup, ...(await planCommand(provider.setup.command, provider.setup.args, place, '.setup', files)) }
    : undefined;
  const declaration = { ...provider, interface: launch ? { ...iface, ...launch } : iface, index, setup };
  const blocked: string[] = [];
  const install = await bindInstall(provider, place.root, blocked);
  const planned: PlannedProvider = {
    id: provider.id,
    kind: provider.kind,
    mode: provider.mode,
    interface: provider.interface.type,
    version: provider.version,
    configDigest: digestOf(declaration),
    launch,
    url,
    index,
    install,
    files: [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, digest]) => ({ path, digest })),
    probeDigest: null,
    eligibility: null,
    eligibilityReasons: [],
    tools: [...provider.allowedTools],
    sendsSource: provider.egress.sendsSource,
  };
  return { planned, blocked };
}

/**
 * Binds one provider as an arm uses it: its declaration, files and install (`bindProvider`), and
 * its probe record by identity digest.
 */
export async function planProvider(
  provider: Provider,
  place: Place,
  probesDir: string,
): Promise<{ planned: PlannedProvider; blocked: string[] }> {
  const probe = await readProbe(probesDir, provider.id);
  const bound = await bindProvider(provider, place);
  const blocked = [...bound.blocked];
  if (probe.digest === null)
    blocked.push(`provider ${provider.id} not probed: run crossover probe ${place.experimentFile}`);
  if (probe.eligibility?.status === 'blocked')
    blocked.push(`provider ${provider.id}: its probe is blocked (see its probe record); re-run crossover probe`);
  const planned: PlannedProvider = {
    ...bound.planned,
    probeDigest: probe.digest,
    eligibility: probe.eligibility?.status ?? null,
    eligibilityReasons: probe.eligibility?.reasons ?? [],
  };
  return { planned, blocked };
}
