import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MCP_CONFIG_PATH, type McpServerSpec } from '../agents/adapter.js';
import { digestBytes, prettyJson } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { PlannedArm } from '../contracts/plan.js';

export interface RunHome {
  home: string;
  tmp: string;
}

/**
 * Creates the fresh agent home of one trial: HOME with empty config and cache directories, a
 * separate TMPDIR, the arm's MCP servers and its instruction files; nothing else. An instruction
 * file whose bytes no longer have the digest the plan bound is drift, never a silent replacement.
 */
export async function createRunHome(
  trialDir: string,
  root: string,
  arm: PlannedArm,
  mcpServers: McpServerSpec[],
): Promise<RunHome> {
  const home = join(trialDir, 'home');
  const tmp = join(trialDir, 'tmp');
  for (const dir of [join(home, '.config'), join(home, '.cache'), tmp]) await mkdir(dir, { recursive: true });
  if (mcpServers.length > 0) {
    const servers = Object.fromEntries(
      mcpServers.map((s) => [s.name, { command: s.command, args: s.args, env: s.env }]),
    );
    await mkdir(dirname(join(home, MCP_CONFIG_PATH)), { recursive: true });
    await writeFile(join(home, MCP_CONFIG_PATH), prettyJson({ mcpServers: servers }));
  }
  for (const [index, file] of arm.instructionFiles.entries()) {
    const source = join(root, file.source);
    const bytes = await readFile(source).catch(() => {
      throw new CrossoverError(
        'not-found',
        `plan, arm ${arm.id}: $.instructionFiles[${index}].source: expected a file, ${file.source} does not exist`,
      );
    });
    if (digestBytes(bytes) !== file.digest) {
      throw new CrossoverError(
        'drift',
        `plan, arm ${arm.id}: $.instructionFiles[${index}].digest: ${file.source} no longer has the digest the plan bound`,
      );
    }
    await mkdir(dirname(join(home, file.target)), { recursive: true });
    await writeFile(join(home, file.target), bytes);
  }
  return { home, tmp };
}
