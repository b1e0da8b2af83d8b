import { readFileSync } from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { Provider } from '../../src/contracts/provider.js';
import { type InstalledProvider, InstalledProviderSchema } from '../../src/contracts/provider-install.js';
import { materializeTree } from '../../src/corpus/materialize.js';
import { descendantsOf, processTable } from '../../src/io/process-tree.js';
import { requireSandbox } from '../../src/io/sandbox.js';
import { readTreeModel } from '../../src/io/tree.js';
import { buildTaskIndex, indexFreshness } from '../../src/provider-runtime/context-index.js';

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

/** A process's command line with spaces for its NULs; empty when it ended while being read. */
function commandLine(pid: number): string {
  try {
    return readFileSync(join('/proc', String(pid), 'cmdline'), 'utf8')
      .split('\0')
      .join(' ');
  } catch {
    return '';
  }
}

/**
 * Pids of this test's running processes whose command line mentions `needle` (a provider's install
 * prefix): those below this process (a test file's own worker), and any orphaned to init (a
 * detached daemon whose parent ended belongs to no test any more, and is what the check is for).
 * Another test file's live processes under the same shared prefix are not counted, so e2e files
 * may run side by side.
 */
export function processesMentioning(needle: string): number[] {
  const table = processTable();
  const mine = descendantsOf(process.pid, table);
  return table
    .filter(({ pid, ppid }) => (mine.has(pid) || ppid === 1) && commandLine(pid).includes(needle))
    .map(({ pid }) => pid);
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
