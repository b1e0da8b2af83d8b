import { z } from 'zod';
import { RelativePathSchema } from './common.js';

/** Where a task's browser checks run their headless Chromium. */
export const BrowserPlaceSchema = z
  .enum(['host', 'image'])
  .describe(
    "Where the task's browser checks run: host (default), the host's Chromium against the workspace; image, the image's own Chromium (Debian's chromium-headless-shell or chromium) in a fresh container of the task's image, like its node checks.",
  );

export type BrowserPlace = z.infer<typeof BrowserPlaceSchema>;

/**
 * Where a task's trials and checks run: the host's toolchain through bubblewrap when absent, or a
 * container image, built here from a Dockerfile or named by digest. Never pulled at trial time.
 */
export const TaskEnvironmentSchema = z
  .union([
    z
      .object({
        dockerfile: RelativePathSchema.describe(
          'The Dockerfile, relative to the directory of the document that declares it (task or corpus): built once per digest of the file and its context.',
        ),
        context: RelativePathSchema.optional().describe(
          "The build context directory, relative to the same directory; absent: the Dockerfile's own directory.",
        ),
        browser: BrowserPlaceSchema.optional(),
      })
      .strict(),
    z
      .object({
        image: z
          .string()
          .regex(/^[^\s@]+@sha256:[0-9a-f]{64}$/, 'expected an image by digest: <name>@sha256:<64 hex digits>')
          .describe('An image already on this machine, by digest; never pulled at trial time.'),
        browser: BrowserPlaceSchema.optional(),
      })
      .strict(),
  ])
  .describe("The task's container environment; absent: the host's toolchain in bubblewrap.");

export type TaskEnvironment = z.infer<typeof TaskEnvironmentSchema>;
