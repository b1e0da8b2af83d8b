import { z } from 'zod';
import { DigestSchema, RelativePathSchema } from './common.js';
import { ProviderInstallSchema } from './provider.js';

export const InstalledBinarySchema = z
  .object({
    name: z.string().min(1).describe('The name a declaration calls it by.'),
    launcher: RelativePathSchema.describe('What a declaration starts, relative to the prefix (a bin link or script).'),
    executable: RelativePathSchema.describe('The real file behind the launcher, relative to the prefix.'),
    digest: DigestSchema.describe("sha256 of the executable file's bytes at install time."),
  })
  .strict();

export const InstalledProviderSchema = z
  .object({
    schema: z.literal('crossover.provider-install/1'),
    install: ProviderInstallSchema.describe('What was installed: registry, package, exact version.'),
    integrity: z
      .string()
      .min(1)
      .describe(
        "The registry's integrity of the package itself: npm's lockfile integrity (sha512-…), or the sha256 of the Python distribution file pip installed.",
      ),
    lockDigest: DigestSchema.describe(
      'Digest of the resolved dependency set: the npm lockfile, or the sorted `name==version` list of the venv.',
    ),
    bins: z.array(InstalledBinarySchema).min(1).describe('Every binary the package provides, by name.'),
  })
  .strict()
  .describe(
    '<root>/.crossover/providers/<registry>/<package>@<version>/crossover-provider.json, written by crossover providers install.',
  );

export type InstalledProvider = z.infer<typeof InstalledProviderSchema>;
export type InstalledBinary = z.infer<typeof InstalledBinarySchema>;
