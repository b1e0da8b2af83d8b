import { z } from 'zod';
import { EnvNameSchema, HostSchema, IdSchema } from './common.js';

export const ProviderKindSchema = z
  .enum(['graph', 'search', 'wiki-rag', 'hybrid', 'other', 'infrastructure'])
  .describe('What sort of context the provider gives.');

export const ProviderModeSchema = z
  .enum(['local', 'hosted', 'enterprise'])
  .describe('local: runs on this machine; hosted: a third-party service; enterprise: a service the organisation runs.');

const McpStdioSchema = z
  .object({
    type: z.literal('mcp-stdio').describe('An MCP server the agent starts over stdio.'),
    command: z.string().min(1).describe('Program that starts the MCP server.'),
    args: z
      .array(z.string())
      .default([])
      .describe(
        'Arguments; one starting with "./" or "../" is a path relative to the file that declares the provider.',
      ),
  })
  .strict();
const McpHttpSchema = z
  .object({
    type: z.literal('mcp-http').describe('An MCP server reached over streamable HTTP.'),
    url: z.string().url().describe('URL of the MCP endpoint.'),
  })
  .strict();
const CliSchema = z
  .object({
    type: z.literal('cli').describe('A command-line tool the agent runs.'),
    command: z.string().min(1).describe('Program the agent runs.'),
    versionArgs: z.array(z.string()).default(['--version']).describe('Arguments that make it print its version.'),
    helpArgs: z.array(z.string()).default(['--help']).describe('Arguments that make it print its usage.'),
  })
  .strict();
const ApiSchema = z
  .object({
    type: z.literal('api').describe('An HTTP API the agent calls.'),
    baseUrl: z.string().url().describe('Base URL of the API.'),
    observableCalls: z
      .boolean()
      .default(false)
      .describe("The arm's adapter logs every call it makes to this API; without it, tool calls are unobservable."),
  })
  .strict();
const HumanOnlySchema = z
  .object({
    type: z.literal('none').describe('No interface an agent can use.'),
    description: z.string().min(1).describe('What the provider is, for people reading the plan.'),
  })
  .strict()
  .describe('No agent-readable interface (a wiki only people read).');

export const ProviderInterfaceSchema = z.discriminatedUnion('type', [
  McpStdioSchema,
  McpHttpSchema,
  CliSchema,
  ApiSchema,
  HumanOnlySchema,
]);

export const PricingSchema = z
  .object({
    currency: z.literal('USD').describe('Currency of the prices.'),
    inputPerMillionTokens: z.number().nonnegative().describe('Price of one million input tokens.'),
    outputPerMillionTokens: z.number().nonnegative().describe('Price of one million output tokens.'),
  })
  .strict()
  .describe('Declared list price; absent means unknown.');

export const ProviderSchema = z
  .object({
    id: IdSchema.describe('Provider id that arms name.'),
    kind: ProviderKindSchema,
    interface: ProviderInterfaceSchema.describe('How an agent reaches the provider.'),
    mode: ProviderModeSchema,
    version: z.string().min(1).describe('Exact version; a range or "latest" makes the provider ineligible.'),
    config: z.record(z.string(), z.json()).default({}).describe('Provider settings, bound into the plan as given.'),
    index: z
      .object({
        command: z.string().min(1).describe('Program that builds the index.'),
        args: z
          .array(z.string())
          .default([])
          .describe(
            'Arguments; one starting with "./" or "../" is a path relative to the file that declares the provider.',
          ),
      })
      .strict()
      .optional()
      .describe(
        "Builds the provider's index for one task snapshot; run with the snapshot directory as its working directory.",
      ),
    allowedTools: z
      .array(z.string().min(1))
      .default([])
      .describe('Tools of this provider an arm may call; empty means all it lists.'),
    egress: z
      .object({
        hosts: z.array(HostSchema).default([]).describe('Hosts the provider contacts.'),
        sendsSource: z.boolean().default(false).describe('Whether repository source leaves the machine.'),
      })
      .strict()
      .default({ hosts: [], sendsSource: false })
      .describe('Network the provider needs, declared up front and shown at approval.'),
    pricing: PricingSchema.optional().describe('List price of calls to the provider; absent means unknown.'),
    credentials: z
      .array(EnvNameSchema)
      .default([])
      .describe('Environment variables the provider needs, by name; values never enter an artifact.'),
  })
  .strict()
  .describe('A context provider an arm may give its agent.');

export type Provider = z.infer<typeof ProviderSchema>;
export type ProviderInput = z.input<typeof ProviderSchema>;
export type Pricing = z.infer<typeof PricingSchema>;
