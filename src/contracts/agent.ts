import { z } from 'zod';
import { DigestSchema, RelativePathSchema } from './common.js';

export const SyntheticAgentSchema = z
  .object({
    adapter: z.literal('synthetic').describe('A built-in agent without a model, for self-tests and baselines.'),
    behavior: z
      .enum(['reference', 'noop', 'seeded'])
      .describe(
        'reference applies the hidden reference (a labelled self-test); noop changes nothing; seeded succeeds with a probability.',
      ),
    successProbability: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('For seeded: chance of applying the reference, drawn from the trial id.'),
    queryProvider: z
      .boolean()
      .default(false)
      .describe("Query the arm's MCP provider through a real MCP client before acting."),
  })
  .strict();

export const CommandAgentSchema = z
  .object({
    adapter: z.literal('command').describe('Any program started through a shell command.'),
    command: z
      .string()
      .min(1)
      .describe(
        'Shell command; receives the prompt on stdin, runs in the workspace. A command starting with "./" names a path relative to the project root (one of its files).',
      ),
    version: z
      .string()
      .min(1)
      .default('unversioned')
      .describe('Version recorded in the plan and receipts; the command and its files are what is bound.'),
    files: z
      .array(RelativePathSchema)
      .optional()
      .describe(
        "The agent's own files and directories, relative to the project root: bound read-only into the sandbox and digested into the plan, so an edit drifts.",
      ),
  })
  .strict();

export const ClaudeCodeAgentSchema = z
  .object({
    adapter: z.literal('claude-code').describe("Anthropic's Claude Code CLI, installed pinned by Crossover."),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'expected an exact version such as 2.1.332')
      .describe('Exact npm version of @anthropic-ai/claude-code.'),
    model: z.string().min(1).describe('Model name passed to the CLI.'),
    maxTurns: z.number().int().positive().default(40).describe('Agent turns allowed before the CLI stops.'),
    baseUrl: z.string().url().optional().describe('Model API base URL (a local mock in tests).'),
  })
  .strict();

export const CodexAgentSchema = z
  .object({
    adapter: z.literal('codex').describe("OpenAI's Codex CLI, installed pinned by Crossover."),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'expected an exact version such as 0.171.0')
      .describe('Exact npm version of @openai/codex.'),
    model: z.string().min(1).describe('Model name passed to the CLI.'),
    baseUrl: z.string().url().optional().describe('Responses API base URL (a local mock in tests).'),
  })
  .strict();

export const AgentSchema = z
  .discriminatedUnion('adapter', [SyntheticAgentSchema, CommandAgentSchema, ClaudeCodeAgentSchema, CodexAgentSchema])
  .describe('How to start one agent for one trial.');

export type Agent = z.infer<typeof AgentSchema>;
export type AgentInput = z.input<typeof AgentSchema>;

/** An adapter's name: what `adapter` says in a declaration, the folder of `src/agents/` that holds it. */
export const AdapterNameSchema = z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lower-case adapter name');

export const InstalledAgentSchema = z
  .object({
    schema: z.literal('crossover.agent-install/1').describe('Format and version of this document.'),
    adapter: AdapterNameSchema.describe('The adapter this install serves: one whose definition names an npm package.'),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/)
      .describe('The exact npm version installed.'),
    package: z.string().min(1).describe('The npm package installed.'),
    launcher: RelativePathSchema.describe(
      'What the adapter starts, relative to the install prefix (the npm bin link).',
    ),
    executable: RelativePathSchema.describe(
      'The real executable file the launcher runs, relative to the install prefix.',
    ),
    digest: DigestSchema.describe("sha256 of the executable file's bytes at install time."),
  })
  .strict()
  .describe('<root>/.crossover/agents/<adapter>@<version>/crossover-agent.json, written by crossover agents install.');

export type InstalledAgent = z.infer<typeof InstalledAgentSchema>;
