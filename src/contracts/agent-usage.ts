import { z } from 'zod';

/** Where a command agent may write what its model used: `$CROSSOVER_USAGE_FILE`, in its run home. */
export const AGENT_USAGE_FILE = 'crossover-usage.json';

export const AgentUsageSchema = z
  .object({
    schema: z.literal('crossover.agent-usage/1').describe('Format and version of this document.'),
    model: z
      .string()
      .regex(/^[A-Za-z0-9._:/@+-]{1,100}$/, 'expected a model name: letters, digits and . _ : / @ + -, at most 100')
      .optional()
      .describe('The model the agent called (claude-sonnet-4-5); recorded in the receipt as the agent said it.'),
    inputTokens: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("Input tokens the agent's model calls used in this trial, summed; absent: unknown."),
    outputTokens: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("Output tokens the agent's model calls used in this trial, summed; absent: unknown."),
    costUsd: z
      .number()
      .nonnegative()
      .optional()
      .describe('What those calls cost at a list price, in USD; absent: unknown.'),
  })
  .strict()
  .describe(
    "$CROSSOVER_USAGE_FILE, which a command agent may write before it exits: its figures become the receipt's diagnostics, never its status.",
  );

export type AgentUsage = z.infer<typeof AgentUsageSchema>;
