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

/** The adapters that ship with Crossover, each declared by its own closed schema. */
export const BuiltinAgentSchema = z.discriminatedUnion('adapter', [
  SyntheticAgentSchema,
  CommandAgentSchema,
  ClaudeCodeAgentSchema,
  CodexAgentSchema,
]);

const BUILTIN_ADAPTERS: ReadonlySet<string> = new Set(
  BuiltinAgentSchema.options.map((option) => option.shape.adapter.value),
);

/** An adapter's name: what `adapter` says in a declaration, the folder of `src/agents/` that holds it. */
export const AdapterNameSchema = z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lower-case adapter name');

/**
 * An agent of an adapter registered beside the built-in ones (`registerAgent` in
 * src/agents/registry.ts). Its own definition carries the schema of the other fields and checks
 * them when the experiment is loaded and when the agent is started; an unregistered name is refused there.
 */
const RegisteredAgentSchema = z
  .object({
    adapter: AdapterNameSchema.describe('The name of an adapter registered beside the built-in ones.'),
  })
  .catchall(z.unknown().describe("A field of the registered adapter's own declaration."))
  .describe("An agent of a registered adapter; the adapter's own schema checks its fields.");

/**
 * A built-in name is held to its own schema: the open branch above would otherwise take a built-in
 * declaration its schema refused, so the refusal is given again with its own paths and messages.
 */
function builtinsKeepTheirSchema(agent: { adapter: string }, ctx: z.RefinementCtx): void {
  if (!BUILTIN_ADAPTERS.has(agent.adapter)) return;
  const own = BuiltinAgentSchema.safeParse(agent);
  if (!own.success) for (const issue of own.error.issues) ctx.addIssue({ ...issue, input: agent } as never);
}

export const AgentSchema = z
  .union([BuiltinAgentSchema, RegisteredAgentSchema])
  .superRefine(builtinsKeepTheirSchema)
  .describe('How to start one agent for one trial.');

export type Agent = z.infer<typeof AgentSchema>;
export type AgentInput = z.input<typeof AgentSchema>;

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
