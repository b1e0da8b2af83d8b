import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentDefinition } from '../../src/agents/definition.js';
import type { Agent } from '../../src/contracts/agent.js';

const zodUrl = pathToFileURL(createRequire(import.meta.url).resolve('zod')).href;

/**
 * A whole agent adapter, as a new adapter's folder would hold it, written as a plain module at run
 * time: nothing in src/ knows it. Its agent writes one file (declared in its spec) into the
 * workspace with `sh` inside the trial's sandbox, the prompt ignored. Its spec has a field of its
 * own with a default, and it keeps its skills where no built-in agent does.
 */
const STAND_IN_MODULE = `
import { z } from ${JSON.stringify(zodUrl)};

const StandInAgentSchema = z
  .object({
    adapter: z.literal('stand-in').describe('A stand-in adapter registered by a test.'),
    file: z.string().min(1).describe('The workspace file the agent writes.'),
    content: z.string().describe('What it writes there.'),
    label: z.string().default('v1').describe('The version its receipts record.'),
  })
  .strict();

const unobserved = {
  toolCalls: null, filesInspected: null, filesModified: null, inputTokens: null,
  outputTokens: null, costUsd: null, skillsAvailable: null, skillsUsed: null,
};

export const standInAgent = {
  name: 'stand-in',
  spec: StandInAgentSchema,
  skillsHome: '.stand-in/skills',
  paid: 'never',
  version: (spec) => spec.label,
  sandboxNeeds: () => ({ loopback: false, readOnly: [] }),
  bind: async () => ({ executableDigest: null, blocked: [] }),
  create: (spec) => ({
    adapter: 'stand-in',
    synthetic: false,
    builtinTools: [],
    builtinSkills: [],
    async run(context) {
      const result = await context.exec(['sh', '-c', 'cat > "$1"', 'sh', spec.file], {
        cwd: context.workspace,
        env: context.env,
        stdin: spec.content,
      });
      if (result.timedOut) return { outcome: 'timeout', error: null, observation: unobserved };
      const error = result.exitCode === 0 ? null : 'the stand-in could not write its file';
      return { outcome: error === null ? 'completed' : 'agent-error', error, observation: unobserved };
    },
  }),
};
`;

/** Writes the stand-in adapter's module into `dir/stand-in/` and imports it from there. */
export async function writeStandInAdapter(dir: string): Promise<AgentDefinition<Agent>> {
  const folder = join(dir, 'stand-in');
  await mkdir(folder, { recursive: true });
  const file = join(folder, 'definition.mjs');
  await writeFile(file, STAND_IN_MODULE);
  const module = (await import(pathToFileURL(file).href)) as { standInAgent: AgentDefinition<Agent> };
  return module.standInAgent;
}
