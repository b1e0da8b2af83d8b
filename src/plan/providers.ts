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
import { placedDeclarationDigest } from '../provider-runtime/command.js';
import { providerCommandProblems, type ResolveContext } from './resolvable.js';

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

/** What a plan reads of a probe record: its identity digest, eligibility and the tools an arm may call. */
interface ProbeFacts {
  digest: string | null;
  eligibility: ProbeEligibility | null;
  /** the tools the probe found an arm may call; null when the provider did not start */
  tools: string[] | null;
  /** the record on disk was made from another declaration, so it was not read */
  foreign: boolean;
}

const UNPROBED: ProbeFacts = { digest: null, eligibility: null, tools: null, foreign: false };

/**
 * The probe record's identity digest, eligibility and tools; a record that does not parse names its
 * file and field, and one made from another declaration (another experiment file with the same id,
 * an edited declaration) is never read.
 */
async function readProbe(probesDir: string, id: string, declarationDigest: string): Promise<ProbeFacts> {
  const path = join(probesDir, `${id}.json`);
  if (!existsSync(path)) return UNPROBED;
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
  if (record.declarationDigest !== declarationDigest) return { ...UNPROBED, foreign: true };
  const started = record.identity.setup.status === 'ok' || record.identity.declaration.interface.type === 'api';
  return {
    digest: record.digest,
    eligibility: record.eligibility,
    tools: started ? record.identity.tools : null,
    foreign: false,
  };
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
    ...(provider.noResult ? { noResult: [...provider.noResult] } : {}),
  };
  return { planned, blocked };
}

/**
 * Binds one provider as an arm uses it: its declaration, files and install (`bindProvider`), and
 * its probe record by identity digest; what would keep its commands from starting blocks the plan.
 * Returns the tools its probe found an arm may call (null when unknown), for the arms to be checked against.
 */
export async function planProvider(
  provider: Provider,
  place: Place,
  probesDir: string,
  resolve: ResolveContext,
): Promise<{ planned: PlannedProvider; blocked: string[]; tools: string[] | null }> {
  const expected = placedDeclarationDigest(provider, place.experimentDir, place.root);
  const probe = await readProbe(probesDir, provider.id, expected);
  const bound = await bindProvider(provider, place);
  const installed = provider.install ? await readInstalledProvider(place.root, provider.install) : null;
  const bins = installed === null ? null : installed.bins.map((bin) => bin.name);
  const blocked = [
    ...bound.blocked,
    ...providerCommandProblems(provider, place.source, place.experimentDir, bins, resolve),
  ];
  const probeFile = rootRelative(place.root, join(probesDir, `${provider.id}.json`), 'probe record');
  if (probe.foreign)
    blocked.push(
      `provider ${provider.id}: its probe record ${probeFile} was made from another declaration (another experiment file with this id, or an edit since): run crossover probe ${place.experimentFile}`,
    );
  else if (probe.digest === null)
    blocked.push(`provider ${provider.id} not probed: run crossover probe ${place.experimentFile}`);
  if (probe.eligibility?.status === 'blocked')
    blocked.push(
      `provider ${provider.id}: its probe is blocked (${probe.eligibility.reasons.join('; ')}): ${blockedProbeFix(probe.eligibility, place.experimentFile)}`,
    );
  const planned: PlannedProvider = {
    ...bound.planned,
    probeDigest: probe.digest,
    eligibility: probe.eligibility?.status ?? null,
    eligibilityReasons: probe.eligibility?.reasons ?? [],
  };
  return { planned, blocked, tools: probe.tools };
}

/** What unblocks a blocked probe: the credential it names, or the approval its egress needs, then a new probe. */
function blockedProbeFix(eligibility: ProbeEligibility, experimentFile: string): string {
  const approval = eligibility.reasons.some((reason) => reason.startsWith('egress-not-approved'));
  const credential = eligibility.reasons.some((reason) => reason.startsWith('credential-missing'));
  const steps = [
    ...(credential ? ['set the credential it names'] : []),
    ...(approval ? ['approve this plan (crossover approve <plan.json>, which covers its egress)'] : []),
    `run crossover probe ${experimentFile} again`,
  ];
  return steps.join(', then ');
}
