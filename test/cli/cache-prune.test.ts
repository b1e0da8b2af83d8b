import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan } from '../../fixtures/score/build.js';
import { main } from '../../src/cli/main.js';
import { digestOf, prettyJson } from '../../src/contracts/canonical.js';
import type { PlannedProvider } from '../../src/contracts/plan.js';
import type { ProviderSetupRecord } from '../../src/contracts/provider-setup.js';
import { acquireRunLock } from '../../src/io/run-lock.js';
import { tempDir } from '../helpers/temp.js';
import { writeProbeRecord } from '../plan/helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

async function crossover(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

/** A cache entry of `bytes` bytes last used `daysAgo` days ago. */
async function entry(root: string, path: string, daysAgo: number, bytes = 1024): Promise<string> {
  const dir = join(root, '.crossover/cache', path);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'data'), Buffer.alloc(bytes));
  const used = new Date(Date.now() - daysAgo * DAY_MS);
  await utimes(dir, used, used);
  return dir;
}

const hex = (digest: string) => digest.replace(/^sha256:/, '');

interface ProviderSetupEntry {
  dir: string;
  /** the record's digest: what a probe names */
  digest: string;
}

/** A provider setup entry as the probe leaves one (its record and its directory), last used `daysAgo` days ago. */
async function providerSetup(root: string, label: string, daysAgo: number): Promise<ProviderSetupEntry> {
  const step = {
    provider: 'needs-setup',
    command: 'node',
    args: ['setup.mjs', '--label', label],
    env: {},
    install: null,
    files: [],
    platform: process.platform,
    arch: process.arch,
  };
  const key = digestOf(step);
  const record: ProviderSetupRecord = {
    schema: 'crossover.provider-setup/1',
    key,
    step,
    digest: `sha256:${'0'.repeat(64)}`,
  };
  const dir = join(root, '.crossover/cache/provider-setups/needs-setup', hex(key).slice(0, 16));
  await mkdir(join(dir, 'dir'), { recursive: true });
  await writeFile(join(dir, 'dir/model.json'), label);
  await writeFile(join(dir, 'provider-setup.json'), prettyJson(record));
  const used = new Date(Date.now() - daysAgo * DAY_MS);
  await utimes(dir, used, used);
  return { dir, digest: digestOf(record) };
}

/** The needs-setup provider as a plan binds it, by its probe's digest. */
function plannedProvider(probeDigest: string): PlannedProvider {
  return {
    id: 'needs-setup',
    kind: 'search',
    mode: 'local',
    interface: 'mcp-stdio',
    version: '1.0.0',
    configDigest: `sha256:${'1'.repeat(64)}`,
    launch: { command: 'node', args: ['./server.mjs'] },
    url: null,
    index: null,
    files: [],
    install: null,
    probeDigest,
    eligibility: 'eligible',
    eligibilityReasons: [],
    tools: [],
    sendsSource: false,
  };
}

describe('crossover cache prune', () => {
  it('evicts by age, then least recently used by size, and never what a running plan or a builder holds', async () => {
    const root = await tempDir();
    const plan = fixturePlan({ tasks: 2, repeats: 1, treatments: 1 });
    const planDir = join(root, '.crossover/exp', 'running');
    await mkdir(planDir, { recursive: true });
    await writeFile(join(planDir, 'plan.json'), prettyJson(plan));
    const lock = await acquireRunLock(planDir);
    try {
      const runningTask = hex(plan.tasks[0]!.digest);
      const dirs = {
        heldByDigest: await entry(root, `snapshots/${runningTask}`, 90),
        heldIndex: await entry(root, `indexes/code-search/k1/${runningTask}`, 90),
        oldSnapshot: await entry(root, `snapshots/${'b'.repeat(64)}`, 90),
        usedSinceRunStarted: await entry(root, `setup/${'c'.repeat(64)}`, 0, 3 * MB),
        recentButLarge: await entry(root, `setup/${'d'.repeat(64)}`, 2, 3 * MB),
        recentSmall: await entry(root, `indexes/code-search/k1/${'e'.repeat(64)}`, 1),
        building: await entry(root, `setup/${'f'.repeat(64)}`, 90),
      };
      await mkdir(`${dirs.building}.lock`);

      const dry = await crossover(['cache', 'prune', '--max-age', '30', '--max-size', '4', '--dry-run'], root);
      expect(dry.code, dry.err).toBe(0);
      expect(Object.values(dirs).every((dir) => existsSync(dir))).toBe(true);

      const result = await crossover(['cache', 'prune', '--max-age', '30', '--max-size', '4'], root);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toBe(dry.out.replaceAll('would evict', 'evicted'));
      expect(Object.fromEntries(Object.entries(dirs).map(([name, dir]) => [name, existsSync(dir)]))).toEqual({
        heldByDigest: true,
        heldIndex: true,
        oldSnapshot: false,
        usedSinceRunStarted: true,
        recentButLarge: false,
        recentSmall: true,
        building: true,
      });
      expect(result.out).toMatch(/evicted 2 entries \(3\.0 MB\); kept 5 .*, 4 of them held/);
    } finally {
      await lock.release();
    }
  });

  it('evicts the same entries once no plan runs (control: the lock is what held them)', async () => {
    const root = await tempDir();
    const plan = fixturePlan({ tasks: 1, repeats: 1, treatments: 1 });
    const planDir = join(root, '.crossover/exp', 'finished');
    await mkdir(planDir, { recursive: true });
    await writeFile(join(planDir, 'plan.json'), prettyJson(plan));
    const snapshot = await entry(root, `snapshots/${hex(plan.tasks[0]!.digest)}`, 90);
    const result = await crossover(['cache', 'prune'], root);
    expect(result.code, result.err).toBe(0);
    expect(existsSync(snapshot)).toBe(false);
    expect(result.out).toContain('evicted 1 entries');
  });

  it("evicts old provider setups, never the one a running plan's probe names by digest", async () => {
    const root = await tempDir();
    const setups = await Promise.all(['a', 'b'].map((label) => providerSetup(root, label, 90)));
    const [named, other] = setups as [ProviderSetupEntry, ProviderSetupEntry];
    const declaration = { id: 'needs-setup', kind: 'search', mode: 'local', version: '1.0.0' } as const;
    const probeDigest = await writeProbeRecord(
      join(root, '.crossover/exp/probes'),
      { ...declaration, interface: { type: 'mcp-stdio', command: 'node', args: ['server.mjs'] } },
      'v1',
      named.digest,
    );
    const plan = fixturePlan({ tasks: 1, repeats: 1, treatments: 1 });
    plan.arms[1]!.provider = plannedProvider(probeDigest);
    const planDir = join(root, '.crossover/exp', 'running');
    await mkdir(planDir, { recursive: true });
    await writeFile(join(planDir, 'plan.json'), prettyJson(plan));
    // Control that the plan was read (one it could not read would hold everything): an old snapshot goes.
    const snapshot = await entry(root, `snapshots/${'b'.repeat(64)}`, 90);

    const lock = await acquireRunLock(planDir);
    try {
      const result = await crossover(['cache', 'prune'], root);
      expect(result.code, result.err).toBe(0);
      expect([existsSync(named.dir), existsSync(other.dir), existsSync(snapshot)]).toEqual([true, false, false]);
      expect(result.out).toContain(`evicted provider-setup ${relative(root, other.dir)} `);
      expect(result.out).toContain(`held provider-setup ${relative(root, named.dir)} `);
    } finally {
      await lock.release();
    }
    // Once no plan runs, the named one is old like any other.
    const after = await crossover(['cache', 'prune'], root);
    expect(after.code, after.err).toBe(0);
    expect(existsSync(named.dir)).toBe(false);
  });

  it('refuses a size that is not a whole number, naming the flag', async () => {
    const result = await crossover(['cache', 'prune', '--max-size', '2GB'], await tempDir());
    expect(result.code).not.toBe(0);
    expect(result.err).toContain('--max-size: expected a whole number, got "2GB"');
  });
});
