import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePlan } from '../../fixtures/score/build.js';
import { main } from '../../src/cli/main.js';
import { prettyJson } from '../../src/contracts/canonical.js';
import { acquireRunLock } from '../../src/io/run-lock.js';
import { tempDir } from '../helpers/temp.js';

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

  it('refuses a size that is not a whole number, naming the flag', async () => {
    const result = await crossover(['cache', 'prune', '--max-size', '2GB'], await tempDir());
    expect(result.code).not.toBe(0);
    expect(result.err).toContain('--max-size: expected a whole number, got "2GB"');
  });
});
