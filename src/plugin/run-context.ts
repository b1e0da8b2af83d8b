import { z } from 'zod';
import { ProviderSchema } from '../contracts/provider.js';

const RunIdentity = {
  root: z.string().describe('The project root: the corpus, installs and state live below it.'),
  experimentId: z.string().describe('The experiment the project runs (its file, when it could not be loaded).'),
};

/** A run whose plan was prepared: every generated test file reads its plan and stores its receipts here. */
const ReadyRunSchema = z
  .object({
    state: z.literal('ready').describe('The plan was prepared: its trials run.'),
    ...RunIdentity,
    planId: z.string().describe("The plan's id: the digest of plan.json."),
    planFile: z.string().describe('The registered plan.json the trials run.'),
    receiptsDir: z.string().describe("Where the plan's receipts are stored, one per attempt."),
    providers: z.array(ProviderSchema).describe("The experiment's provider declarations, to index each task."),
    experimentDir: z.string().describe('Provider commands are relative to it.'),
    agentsPerFile: z
      .number()
      .int()
      .positive()
      .describe("Agents of one task file running at once: the run's concurrency spread over its workers."),
    deadlineAt: z
      .number()
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

/** A run whose plan cannot run (blocked, drifted, invalid): its global setup stops it, before any trial. */
const StoppedRunSchema = z
  .object({
    state: z.literal('stopped').describe('The plan could not be prepared: nothing runs.'),
    ...RunIdentity,
    stopReason: z.string().describe('Why, as the global setup stops the project with it.'),
  })
  .strict();

/** What the plugin hands every generated test file and its global setup through Vitest's `provide`. */
export const RunContextSchema = z.discriminatedUnion('state', [ReadyRunSchema, StoppedRunSchema]);

export type RunContext = z.infer<typeof RunContextSchema>;
export type ReadyRun = z.infer<typeof ReadyRunSchema>;

export const RUN_CONTEXT_KEY = 'crossover';

declare module 'vitest' {
  export interface ProvidedContext {
    crossover: RunContext;
  }
}
