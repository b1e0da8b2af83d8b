import { z } from 'zod';
import { DigestSchema, EnvNameSchema, IdSchema } from './common.js';

export const ProviderSetupStepSchema = z
  .object({
    provider: IdSchema.describe('Id of the provider whose setup this is.'),
    command: z.string().min(1).describe('The setup command as declared.'),
    args: z.array(z.string()).describe('Its arguments as declared, placeholders unsubstituted.'),
    env: z.record(EnvNameSchema, z.string()).describe("The provider's literal env, as declared."),
    install: DigestSchema.nullable().describe(
      'Digest of the install record the command runs from; null for a provider run from a path or PATH.',
    ),
    files: z
      .array(
        z
          .object({
            path: z.string().describe('A path argument (or command) as declared, relative to the declaring file.'),
            digest: DigestSchema.describe("Digest of that file's bytes."),
          })
          .strict(),
      )
      .describe('The files the command line names, by content: a changed setup script is another setup.'),
    platform: z.string().describe('process.platform of the machine it ran on.'),
    arch: z.string().describe('process.arch.'),
  })
  .strict()
  .describe('What determines a provider setup: the same step on the same install gives the same directory.');

export const ProviderSetupRecordSchema = z
  .object({
    schema: z.literal('crossover.provider-setup/1').describe('Format and version of this document.'),
    key: DigestSchema.describe('Digest of step: names the cache entry.'),
    step: ProviderSetupStepSchema,
    digest: DigestSchema.describe('Tree digest of the setup directory the step produced.'),
  })
  .strict()
  .describe(
    ".crossover/cache/provider-setups/<provider>/<key>/provider-setup.json: one run of a provider's one-time setup; its directory is dir/ beside it.",
  );

export type ProviderSetupStep = z.infer<typeof ProviderSetupStepSchema>;
export type ProviderSetupRecord = z.infer<typeof ProviderSetupRecordSchema>;
