import { join } from 'node:path';
import type { Agent } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import { clip } from '../contracts/redaction.js';
import { agentPrefix, readInstalledAgent } from '../io/agent-install.js';

/** A declaration of an agent Crossover installs pinned: its adapter and exact version. */
type InstalledSpec = Pick<Agent, 'adapter'> & { version: string };

/** The launcher of the pinned install the plan bound; an agent never falls back to another copy on PATH. */
export async function installedLauncher(
  root: string,
  agent: InstalledSpec,
): Promise<{ prefix: string; launcher: string }> {
  const installed = await readInstalledAgent(root, agent.adapter, agent.version);
  if (installed === null) {
    throw new CrossoverError(
      'not-found',
      `agent ${agent.adapter}@${agent.version} is not installed: run crossover agents install ${agent.adapter}@${agent.version}`,
    );
  }
  const prefix = agentPrefix(root, agent.adapter, agent.version);
  return { prefix, launcher: join(prefix, installed.launcher) };
}

/**
 * The argv that runs `argv` with its stdout in `file`. Transcripts outgrow the bound `exec` puts on
 * captured output (tool results are echoed in them), so the agent writes its transcript to a file.
 */
export function stdoutToFile(argv: readonly string[], file: string): string[] {
  return ['sh', '-c', 'out="$1"; shift; exec "$@" > "$out"', 'sh', file, ...argv];
}

/** A short, bounded reason: agent output is model text, never copied whole into a receipt. */
export function shortReason(text: string): string {
  return clip(text.replace(/\s+/g, ' ').trim(), 200);
}
