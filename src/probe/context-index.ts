import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DigestSchema } from '../contracts/common.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Provider } from '../contracts/provider.js';
import { writeArtifact } from '../io/json.js';
import { treeDigest } from '../io/tree.js';
import { resolveCommand } from './command.js';
import { egressPosture } from './egress.js';
import { providerEnvironment } from './environment.js';
import { runBounded } from './run.js';
import { directoryBytes } from './storage.js';

/** Written into the index directory after a build: the revision the index belongs to. */
export const INDEX_MANIFEST = '.crossover-index.json';

const IndexManifestSchema = z
  .object({
    schema: z.literal('crossover.index/1'),
    provider: z.string(),
    revision: DigestSchema.describe('Tree digest of the snapshot the index was built from.'),
    outputDigest: DigestSchema.describe('Tree digest of what the index command wrote (this manifest excluded).'),
  })
  .strict();

export interface TaskIndexOptions {
  /** directory the index command's "./" and "../" paths are relative to; default the working directory */
  baseDir?: string;
  /** an approval names this provider: task source may be sent to it */
  approvedEgress?: boolean;
  timeoutMs?: number;
  storageLimitBytes?: number;
}

export interface TaskIndex {
  revision: string;
  outputDigest: string;
  storageBytes: number;
  ms: number;
}

export const INDEX_DEFAULTS = { timeoutMs: 120_000, storageLimitBytes: 512 * 1024 * 1024 } as const;

/** The revision an index command reports on its last stdout line, when it prints JSON with one. */
function reportedRevision(stdout: string): string | null {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    const parsed: unknown = JSON.parse(last);
    const revision = (parsed as { revision?: unknown } | null)?.revision;
    return typeof revision === 'string' ? revision : null;
  } catch {
    return null;
  }
}

/**
 * Builds a provider's index for one task's own snapshot (never a provider-wide one): runs the index
 * command in `snapshotDir` with CROSSOVER_INDEX_DIR=`outDir`, proves the snapshot was not changed
 * and that any revision the command reports is the snapshot's, bounds the storage it used, and
 * records the revision in the index directory so a later trial can tell a stale index.
 */
export async function buildTaskIndex(
  provider: Provider,
  snapshotDir: string,
  outDir: string,
  env: NodeJS.ProcessEnv,
  options: TaskIndexOptions = {},
): Promise<TaskIndex> {
  const index = provider.index;
  if (!index)
    throw new CrossoverError('invalid-input', `provider "${provider.id}": $.index: no index command declared`);
  const egress = egressPosture(provider, options.approvedEgress ?? false);
  if (egress.needsApproval && !egress.approved) {
    throw new CrossoverError(
      'blocked',
      `provider "${provider.id}": task source may leave the machine (${provider.mode}); refusing to index without an approval naming it`,
    );
  }
  const timeoutMs = options.timeoutMs ?? INDEX_DEFAULTS.timeoutMs;
  const limit = options.storageLimitBytes ?? INDEX_DEFAULTS.storageLimitBytes;
  const revision = await treeDigest(snapshotDir);
  await mkdir(outDir, { recursive: true });
  if ((await readdir(outDir)).length > 0) {
    throw new CrossoverError(
      'conflict',
      `${outDir}: not empty; an index is built into a fresh directory so nothing stale mixes in`,
    );
  }
  const { command, args } = resolveCommand(index.command, index.args, options.baseDir ?? process.cwd());
  const started = performance.now();
  const { stdout } = await runBounded(command, args, {
    cwd: snapshotDir,
    env: providerEnvironment(provider, env, { CROSSOVER_INDEX_DIR: outDir }),
    timeoutMs,
  });
  const ms = Math.round(performance.now() - started);
  if ((await treeDigest(snapshotDir)) !== revision) {
    throw new CrossoverError(
      'infrastructure',
      `provider "${provider.id}": the index command changed the snapshot it indexed`,
    );
  }
  const reported = reportedRevision(stdout);
  if (reported !== null && reported !== revision) {
    throw new CrossoverError(
      'infrastructure',
      `provider "${provider.id}": the index command reports revision ${reported}, but the snapshot is ${revision}`,
    );
  }
  const storageBytes = await directoryBytes(outDir, limit);
  if (storageBytes > limit) {
    throw new CrossoverError('infrastructure', `provider "${provider.id}": the index used more than ${limit} bytes`);
  }
  const outputDigest = await treeDigest(outDir);
  await writeArtifact(join(outDir, INDEX_MANIFEST), {
    schema: 'crossover.index/1',
    provider: provider.id,
    revision,
    outputDigest,
  });
  return { revision, outputDigest, storageBytes, ms };
}

/**
 * Whether the index in `indexDir` was built from the snapshot with `expectedRevision` (a task's
 * workspace digest). An index without a readable manifest is not known to be fresh: false.
 */
export async function indexRevisionMatches(indexDir: string, expectedRevision: string): Promise<boolean> {
  const text = await readFile(join(indexDir, INDEX_MANIFEST), 'utf8').catch(() => null);
  if (text === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  const manifest = IndexManifestSchema.safeParse(parsed);
  return manifest.success && manifest.data.revision === expectedRevision;
}
