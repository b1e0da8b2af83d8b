import { randomBytes } from 'node:crypto';
import { lstat, readdir, readFile, rename, rm, utimes } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { type Plan, PlanSchema } from '../contracts/plan.js';
import { ProbeRecordSchema } from '../contracts/probe.js';
import { ProviderSetupRecordSchema } from '../contracts/provider-setup.js';
import { experimentLayout, STATE_DIR } from './layout.js';
import { liveRunLock } from './run-lock.js';

/** One cache entry of the state directory: a snapshot, a setup result, a provider index or a provider's one-time setup. */
export interface CacheEntry {
  /** relative to the project root: `.crossover/cache/setup/<key>` */
  path: string;
  kind: 'snapshot' | 'setup' | 'index' | 'provider-setup';
  /**
   * the digest (hex) a plan names the entry by: the task's for snapshots and indexes, its record's
   * for a provider setup (a probe binds it); null for setup results and an unreadable record
   */
  digest: string | null;
  /** when it was last used (its directory's mtime: every use touches it) */
  lastUsedMs: number;
  bytes: number;
  /** a builder holds its lock: it is being made or replaced right now */
  building: boolean;
}

/**
 * A plan being run: what it holds is what it names by digest and whatever it used since it
 * started; one whose plan.json cannot be read holds everything.
 */
export interface RunningPlan {
  startedAtMs: number;
  /** hex digests of its tasks and of its providers' setups; null: unknown, so every entry is held */
  digests: ReadonlySet<string> | null;
}

export interface PrunePolicy {
  nowMs: number;
  /** entries unused for longer than this are evicted */
  maxAgeMs: number;
  /** after the age rule, the least recently used entries are evicted until the rest fit */
  maxBytes: number;
}

export interface PruneChoice {
  evict: CacheEntry[];
  keep: CacheEntry[];
  /** kept whatever their age or size: a running plan holds them, or a builder does */
  held: CacheEntry[];
}

/** Marks a cache entry used now, so that pruning by age and size spares what is in use. */
export async function touchCacheEntry(dir: string): Promise<void> {
  const now = new Date();
  await utimes(dir, now, now).catch(() => undefined);
}

function isHeld(entry: CacheEntry, running: readonly RunningPlan[]): boolean {
  if (entry.building) return true;
  return running.some(
    (plan) =>
      plan.digests === null ||
      (entry.digest !== null && plan.digests.has(entry.digest)) ||
      entry.lastUsedMs >= plan.startedAtMs,
  );
}

/**
 * Which entries to evict: never one a running plan or a builder holds; first every other entry
 * unused for longer than the maximum age, then the least recently used until the rest fit the
 * maximum size. Pure: the same entries, plans and policy give the same choice.
 */
export function choosePrune(
  entries: readonly CacheEntry[],
  running: readonly RunningPlan[],
  policy: PrunePolicy,
): PruneChoice {
  const held = entries.filter((entry) => isHeld(entry, running));
  const free = entries
    .filter((entry) => !isHeld(entry, running))
    .sort((a, b) => a.lastUsedMs - b.lastUsedMs || (a.path < b.path ? -1 : 1));
  const evict = free.filter((entry) => policy.nowMs - entry.lastUsedMs > policy.maxAgeMs);
  const rest = free.filter((entry) => !evict.includes(entry));
  let total = [...held, ...rest].reduce((sum, entry) => sum + entry.bytes, 0);
  for (const entry of [...rest]) {
    if (total <= policy.maxBytes) break;
    evict.push(entry);
    rest.splice(rest.indexOf(entry), 1);
    total -= entry.bytes;
  }
  return { evict, keep: rest, held };
}

async function names(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
}

async function bytesOf(path: string): Promise<number> {
  const stats = await lstat(path).catch(() => null);
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.size;
  let total = 0;
  for (const name of await readdir(path)) total += await bytesOf(join(path, name));
  return total;
}

const hex = (digest: string) => digest.replace(/^sha256:/, '');

/**
 * What a plan names an entry by: a snapshot's or index's directory name (a snapshot's agent-owned
 * copy, `<digest>-<uid>`, the lower tree of copy-on-write workspaces, by its task's), a provider
 * setup's record digest.
 */
async function entryDigest(dir: string, name: string, kind: CacheEntry['kind']): Promise<string | null> {
  if (kind === 'setup') return null;
  if (kind === 'snapshot') return name.replace(/-\d+$/, '');
  if (kind !== 'provider-setup') return name;
  const record = ProviderSetupRecordSchema.safeParse(await readJson(join(dir, 'provider-setup.json')));
  return record.success ? hex(digestOf(record.data)) : null;
}

async function entryAt(
  root: string,
  parent: string,
  name: string,
  kind: CacheEntry['kind'],
): Promise<CacheEntry | null> {
  if (name.endsWith('.lock')) return null;
  const dir = join(parent, name);
  const stats = await lstat(dir).catch(() => null);
  if (!stats) return null;
  const building = await lstat(`${dir}.lock`).then(
    () => true,
    () => false,
  );
  return {
    path: relative(root, dir),
    kind,
    digest: await entryDigest(dir, name, kind),
    lastUsedMs: stats.mtimeMs,
    bytes: await bytesOf(dir),
    building,
  };
}

/**
 * Every cache entry under `.crossover/cache`: snapshots/<task>, setup/<key>,
 * indexes/<provider>/<key>/<task>, provider-setups/<provider>/<key>.
 */
export async function cacheEntries(root: string): Promise<CacheEntry[]> {
  const cache = join(root, STATE_DIR, 'cache');
  const found: (CacheEntry | null)[] = [];
  for (const [dir, kind] of [
    ['snapshots', 'snapshot'],
    ['setup', 'setup'],
  ] as const)
    for (const name of await names(join(cache, dir))) found.push(await entryAt(root, join(cache, dir), name, kind));
  for (const provider of await names(join(cache, 'indexes')))
    for (const key of await names(join(cache, 'indexes', provider))) {
      const parent = join(cache, 'indexes', provider, key);
      for (const name of await names(parent)) found.push(await entryAt(root, parent, name, 'index'));
    }
  for (const provider of await names(join(cache, 'provider-setups'))) {
    const parent = join(cache, 'provider-setups', provider);
    for (const name of await names(parent)) found.push(await entryAt(root, parent, name, 'provider-setup'));
  }
  return found.filter((entry): entry is CacheEntry => entry !== null);
}

/** The parsed JSON at `path`; undefined when it cannot be read or parsed (the caller's schema then refuses it). */
async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The setup digests of the probes the plan binds: a probe record it no longer matches names nothing. */
async function planSetupDigests(plan: Plan, probesDir: string): Promise<string[]> {
  const digests: string[] = [];
  for (const provider of plan.arms.flatMap((arm) => (arm.provider ? [arm.provider] : []))) {
    if (provider.probeDigest === null) continue;
    const probe = ProbeRecordSchema.safeParse(await readJson(join(probesDir, `${provider.id}.json`)));
    const setup =
      probe.success && probe.data.digest === provider.probeDigest ? probe.data.identity.providerSetup : null;
    if (setup?.digest) digests.push(hex(setup.digest));
  }
  return digests;
}

/** What a plan names by digest: its tasks (snapshots, indexes) and its providers' setups. */
async function planDigests(planDir: string, probesDir: string): Promise<Set<string> | null> {
  const plan = PlanSchema.safeParse(await readJson(join(planDir, 'plan.json')));
  if (!plan.success) return null;
  const tasks = plan.data.tasks.map((task) => hex(task.digest));
  return new Set([...tasks, ...(await planSetupDigests(plan.data, probesDir))]);
}

/** The plans of this state directory that a live process is running (their run.lock), with the digests they name. */
export async function runningPlans(root: string): Promise<RunningPlan[]> {
  const state = join(root, STATE_DIR);
  const running: RunningPlan[] = [];
  for (const experiment of await names(state)) {
    for (const plan of await names(join(state, experiment))) {
      const planDir = join(state, experiment, plan);
      const lock = await liveRunLock(planDir);
      if (!lock) continue;
      const digests = await planDigests(planDir, experimentLayout(root, experiment).probesDir);
      running.push({ startedAtMs: Date.parse(lock.startedAt), digests });
    }
  }
  return running;
}

/** Removes an entry: renamed aside first (a reader sees it whole or not at all), then deleted. */
export async function evictCacheEntry(root: string, entry: CacheEntry): Promise<void> {
  const dir = join(root, entry.path);
  const aside = join(dir, '..', `.${randomBytes(6).toString('hex')}.pruned`);
  await rename(dir, aside);
  await rm(aside, { recursive: true, force: true });
}
