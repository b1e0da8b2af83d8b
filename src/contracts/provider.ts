import { z } from 'zod';
import { EnvNameSchema, HostSchema, IdSchema } from './common.js';

export const ProviderKindSchema = z.enum(['graph', 'search', 'wiki-rag', 'hybrid', 'other', 'infrastructure']);

const McpStdioSchema = z
  .object({
    type: z.literal('mcp-stdio'),
    command: z.string().min(1),
    args: z
      .array(z.string())
      .default([])
      .describe(
        'Arguments; one starting with "./" or "../" is a path relative to the file that declares the provider.',
      ),
  })
  .strict();
const McpHttpSchema = z.object({ type: z.literal('mcp-http'), url: z.string().url() }).strict();
const CliSchema = z
  .object({
    type: z.literal('cli'),
    command: z.string().min(1),
    versionArgs: z.array(z.string()).default(['--version']),
    helpArgs: z.array(z.string()).default(['--help']),
  })
  .strict();
const ApiSchema = z
  .object({
    type: z.literal('api'),
    baseUrl: z.string().url(),
    observableCalls: z
      .boolean()
      .default(false)
      .describe("The arm's adapter logs every call it makes to this API; without it, tool calls are unobservable."),
  })
  .strict();
const HumanOnlySchema = z
  .object({ type: z.literal('none'), description: z.string().min(1) })
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
    currency: z.literal('USD'),
    inputPerMillionTokens: z.number().nonnegative(),
    outputPerMillionTokens: z.number().nonnegative(),
  })
  .strict()
  .describe('Declared list price; absent means unknown.');

export const ProviderSchema = z
  .object({
    id: IdSchema,
    kind: ProviderKindSchema,
    interface: ProviderInterfaceSchema,
    mode: z.enum(['local', 'hosted', 'enterprise']),
    version: z.string().min(1).describe('Exact version; a range or "latest" makes the provider ineligible.'),
    config: z.record(z.string(), z.json()).default({}),
    index: z
      .object({
        command: z.string().min(1),
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
        hosts: z.array(HostSchema).default([]),
        sendsSource: z.boolean().default(false),
      })
      .strict()
      .default({ hosts: [], sendsSource: false }),
    pricing: PricingSchema.optional(),
    credentials: z.array(EnvNameSchema).default([]),
  })
  .strict()
  .describe('A context provider an arm may give its agent.');

export type Provider = z.infer<typeof ProviderSchema>;
export type ProviderInput = z.input<typeof ProviderSchema>;
export type Pricing = z.infer<typeof PricingSchema>;
