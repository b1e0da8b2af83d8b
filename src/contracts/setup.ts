import { z } from 'zod';
import { DigestSchema, RelativePathSchema } from './common.js';

export const SetupEnvironmentSchema = z
  .object({
    node: z.string().describe('process.version of the harness that ran the setup.'),
    platform: z.string().describe('process.platform.'),
    arch: z.string().describe('process.arch.'),
    image: DigestSchema.optional().describe(
      "The container image the setup ran in, by id; absent: the host's toolchain in bubblewrap.",
    ),
  })
  .strict()
  .describe('What a setup result depends on besides the workspace and the command.');

export const SetupRecordSchema = z
  .object({
    schema: z.literal('crossover.setup-record/1').describe('Format and version of this document.'),
    key: DigestSchema.describe(
      'Digest of (workspace tree digest, or the declared inputs, command, outputs, environment): names the cache entry.',
    ),
    workspace: DigestSchema.describe('Tree digest of the workspace the setup ran in.'),
    inputs: DigestSchema.optional().describe(
      "Digest of the setup's declared inputs (task.json setup.inputs), which named the entry in place of the workspace: tasks whose inputs match share it.",
    ),
    command: z.string().describe('The setup command, as task.json gives it.'),
    outputs: z.array(RelativePathSchema).describe('The workspace paths kept from the run.'),
    environment: SetupEnvironmentSchema,
    durationMs: z.number().int().nonnegative().describe('How long the command ran.'),
    digest: DigestSchema.describe('Tree digest of what the setup produced (its outputs, at their paths).'),
  })
  .strict()
  .describe(".crossover/cache/setup/<key>/setup.json: one run of a repository task's setup.");

export type SetupRecord = z.infer<typeof SetupRecordSchema>;
export type SetupEnvironment = z.infer<typeof SetupEnvironmentSchema>;
