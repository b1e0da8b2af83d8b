import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { overlayMountPoints, unmountIfMounted } from '../io/overlay.js';
import { ownIdentity, processAlive } from '../io/process-identity.js';
import { removeTree } from '../io/tree-commands.js';

/**
 * A copy-on-write workspace is a mount, which outlives the process that made it: a harness killed
 * (SIGKILL, or an interrupted run whose trial directory could not be removed past the mount) leaves
 * it mounted under .crossover/trials. Each trial directory records who mounted its workspace, so
 * the next trial to mount one unmounts and removes every workspace whose mounter is gone, and only
 * those: a live trial's, another run's, and any mount outside Crossover's trial directories are left.
 */

/** In the trial directory, beside the workspace and never bound into a sandbox: the agent cannot write it. */
const MOUNTER_FILE = '.mounted-by';

const MounterSchema = z
  .object({
    pid: z.number().int().positive().describe('The process that mounted the workspace.'),
    processStart: z
      .string()
      .nullable()
      .describe('Its start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is not taken for it.'),
  })
  .strict()
  .describe('<trial dir>/.mounted-by: who mounted the trial’s copy-on-write workspace.');

/** Records this process as the mounter of the trial's workspace: written before the mount, so no mount lacks one. */
export async function recordMounter(trialDir: string): Promise<void> {
  await writeFile(join(trialDir, MOUNTER_FILE), JSON.stringify(ownIdentity()), { mode: 0o600 });
}

/** The mounter the trial directory records; null when it records none readable (then it is never taken for stale). */
async function mounter(trialDir: string): Promise<z.infer<typeof MounterSchema> | null> {
  const text = await readFile(join(trialDir, MOUNTER_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = MounterSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Unmounts and removes every trial directory under `trialsDir` whose mounted workspace's mounter no
 * longer runs; returns them. Each is its own: one that cannot be removed now (another sweep got to
 * it first) is left for the next.
 */
export async function sweepStaleWorkspaces(trialsDir: string): Promise<string[]> {
  const trialDirs = (await overlayMountPoints())
    .filter((point) => {
      const parts = relative(trialsDir, point).split(sep);
      return parts.length === 2 && parts[0] !== '..' && parts[1] === 'workspace';
    })
    .map((point) => dirname(point));
  const swept: string[] = [];
  for (const trialDir of trialDirs) {
    const owner = await mounter(trialDir);
    if (owner === null || processAlive(owner)) continue;
    try {
      await unmountIfMounted(join(trialDir, 'workspace'));
      await removeTree(trialDir);
      swept.push(trialDir);
    } catch {
      // Left for the next sweep.
    }
  }
  return swept;
}
