import { z } from 'zod';
import { ProviderSchema } from '../contracts/provider.js';

/**
 * What the plugin hands every generated test file through Vitest's `provide`: where the plan and
 * receipts are. Either `planFile` or `stopReason` is set: a
 * blocked or drifted plan stops the run in global setup, before any trial.
 */
export const RunContextSchema = z
  .object({
    root: z.string(),
    experimentId: z.string(),
    planId: z.string().nullable(),
    planFile: z.string().nullable(),
    receiptsDir: z.string().nullable(),
    sandbox: z.enum(['bubblewrap', 'container', 'none']),
    providers: z.array(ProviderSchema).describe("The experiment's provider declarations, to index each task."),
    experimentDir: z.string().describe('Provider commands are relative to it.'),
    agentsPerFile: z
      .number()
      .int()
      .positive()
      .describe("Agents of one task file running at once: the run's concurrency spread over its workers."),
    stopReason: z.string().nullable(),
    deadlineAt: z
      .number()
      .nullable()
      .describe("When the budget's deadline passes (epoch ms, from the run's start): no trial starts after it."),
    authHome: z
      .string()
      .nullable()
      .describe(
        "The login directory each trial leases its agent's login from (its path, never its contents); null: API-key auth.",
      ),
    runLockToken: z
      .string()
      .nullable()
      .describe('The token of the run lock `crossover run` took for this plan; null when the run takes its own.'),
    reattempts: z
      .record(z.string(), z.number().int().min(2))
      .describe(
        'The preregistered re-attempts this run makes: trial id → the attempt it runs. Any other trial with a receipt is resumed.',
      ),
  })
  .strict();

export type RunContext = z.infer<typeof RunContextSchema>;

export const RUN_CONTEXT_KEY = 'crossover';

declare module 'vitest' {
  export interface ProvidedContext {
    crossover: RunContext;
  }
}
