import { readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { Provider } from '../../src/contracts/provider.js';
import { type InstalledProvider, InstalledProviderSchema } from '../../src/contracts/provider-install.js';
import { materializeTree } from '../../src/corpus/materialize.js';
import { requireSandbox } from '../../src/io/sandbox.js';
import { readTreeModel } from '../../src/io/tree.js';
import { buildTaskIndex, indexFreshness } from '../../src/probe/context-index.js';

export const REPO = join(import.meta.dirname, '../..');

/** The trial's sandbox, which every probe here runs providers in, as `crossover probe` does. */
export const SANDBOX = await requireSandbox();

/** `crossover <argv>` in-process in `cwd`. */
export async function crossover(cwd: string, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd, out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

/**
 * Installs a provider package with `crossover providers install` into the repository's own
 * .crossover/ (a fresh machine downloads it once; later runs find it installed, as the agent
 * installs are cached) and returns the install record.
 */
export async function installProviderOnce(spec: string): Promise<InstalledProvider> {
  const { code, out, err } = await crossover(REPO, ['providers', 'install', spec, '--json']);
  if (code !== 0) throw new Error(`crossover providers install ${spec} failed (${code}): ${err}`);
  return InstalledProviderSchema.parse(JSON.parse(out));
}

/** Pids of the running processes whose command line mentions `needle` (a provider's install prefix). */
export function processesMentioning(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(join('/proc', entry, 'cmdline'), 'utf8')
        .split('\0')
        .join(' ');
      if (cmdline.includes(needle)) pids.push(Number(entry));
    } catch {
      // the process ended while it was being read
    }
  }
  return pids;
}

/**
 * The declared freshness check of a real index of `taskDir`'s snapshot, built in the trial's
 * sandbox: as built, then (the positive control) after `changed`, one indexed file, is edited in
 * the indexed copy.
 */
export async function freshnessOfRealIndex(declaration: Provider, taskDir: string, changed: string) {
  const dir = await mkdtemp(join(tmpdir(), 'crossover-freshness-'));
  try {
    const snapshot = join(dir, 'snapshot');
    const index = join(dir, 'index');
    await materializeTree(taskDir, [], snapshot);
    await buildTaskIndex(declaration, snapshot, index, process.env, { root: REPO, baseDir: REPO, sandbox: SANDBOX });
    const built = await indexFreshness(declaration, index, await readTreeModel(snapshot));
    await appendFile(join(snapshot, changed), '// edited after indexing\n');
    const edited = await indexFreshness(declaration, index, await readTreeModel(snapshot));
    return { built, edited };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
