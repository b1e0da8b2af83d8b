import { z } from 'zod';
import { IdSchema } from './common.js';

export const ImportExclusionSchema = z
  .object({
    source: z.string().min(1).describe('What was not imported: a SWE-bench instance_id, a Harbor task directory name.'),
    kind: z.enum(['swe-bench', 'harbor']).describe('The format it came in.'),
    reason: z.string().min(1).describe('Why no task was built from it.'),
  })
  .strict();

export const CorpusImportRecordSchema = z
  .object({
    schema: z.literal('crossover.corpus-import/1').describe('Format and version of this document.'),
    imported: z
      .array(
        z
          .object({
            id: IdSchema.describe('The task written.'),
            source: z.string().min(1).describe('The instance or directory it came from.'),
            kind: z.enum(['swe-bench', 'harbor']).describe('The format it came in.'),
            notes: z
              .array(z.string())
              .optional()
              .describe('Worth knowing about it: what waits for the container backend, a time limit clamped.'),
          })
          .strict(),
      )
      .describe('Tasks imported into this corpus, in id order.'),
    excluded: z
      .array(ImportExclusionSchema)
      .describe('Instances and directories no task was built from, each with the reason, in source order.'),
  })
  .strict()
  .describe(
    '<corpus>/import-record.json: what `crossover corpus import` built and what it could not, merged over imports (a source imported again replaces its entry); the corpus card counts it.',
  );

export type ImportExclusion = z.infer<typeof ImportExclusionSchema>;
export type CorpusImportRecord = z.infer<typeof CorpusImportRecordSchema>;
