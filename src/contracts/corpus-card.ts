import { z } from 'zod';
import { IdSchema } from './common.js';

const Count = z.number().int().nonnegative();

const LanguageTallySchema = z
  .object({
    language: z.string().describe('A source language, told by file extension.'),
    tasks: Count.describe('Tasks whose starting tree holds files of it.'),
    files: Count.describe('Its files, summed over those tasks.'),
  })
  .strict();

const SpreadSchema = z
  .object({
    total: Count.describe('Summed over the tasks whose size is known.'),
    min: Count.describe('The smallest.'),
    median: z.number().nonnegative().describe('The median (the mean of the middle two for an even count).'),
    max: Count.describe('The largest.'),
  })
  .strict();

const ReasonTallySchema = z
  .object({
    reason: z.string().describe('What they have in common (commit ids and paths left out).'),
    count: Count.describe('How many.'),
    examples: z.array(z.string()).describe('The first few of them, by name.'),
  })
  .strict();

/** What the shell reads for a plan's corpus card: per task and per exclusion, from the corpus's own records. */
export const CorpusFactsSchema = z
  .object({
    tasks: z
      .array(
        z
          .object({
            id: IdSchema.describe('A task the plan binds.'),
            repository: z
              .string()
              .nullable()
              .describe('Its recorded repository; null when it has none (written by hand).'),
            files: Count.nullable().describe(
              'Files of its starting tree (vendored folders left out); null when never verified at its digest.',
            ),
            lines: Count.nullable().describe('Their lines; null likewise.'),
            languages: z
              .array(
                z
                  .object({ language: z.string().describe('The language.'), files: Count.describe('Its files.') })
                  .strict(),
              )
              .nullable()
              .describe('Source files per language; null when never verified at its digest.'),
          })
          .strict(),
      )
      .describe("The plan's tasks, in plan order."),
    excludedAtImport: z
      .array(
        z
          .object({ source: z.string().describe('Instance or directory.'), reason: z.string().describe('Why.') })
          .strict(),
      )
      .describe("Sources the corpus's import record lists as not built."),
    excludedAtVerification: z
      .array(
        z.object({ id: z.string().describe('Task.'), reason: z.string().describe('Why (the first reason).') }).strict(),
      )
      .describe(
        'Tasks of the corpus the verification record holds unqualified at their current digest, or refused at load.',
      ),
  })
  .strict()
  .describe("A plan's corpus as its records show it: the input of the corpus card.");

export const CorpusCardSchema = z
  .object({
    tasks: Count.describe('Tasks the plan binds.'),
    repositories: z
      .array(
        z
          .object({ name: z.string().describe('owner/name or a directory name.'), tasks: Count.describe('Its tasks.') })
          .strict(),
      )
      .describe('Repositories the tasks come from, most tasks first.'),
    withoutRepository: Count.describe('Tasks with no recorded repository (written by hand, not imported).'),
    languages: z.array(LanguageTallySchema).describe('Source languages of the starting trees, most tasks first.'),
    sized: Count.describe('Tasks whose size is known (verified at their digest): the spreads below count these.'),
    files: SpreadSchema.nullable().describe('Files per starting tree; null when no size is known.'),
    lines: SpreadSchema.nullable().describe('Lines per starting tree; null likewise.'),
    excludedAtImport: z
      .object({
        count: Count.describe('Sources not built.'),
        reasons: z.array(ReasonTallySchema).describe('Grouped by reason, most first.'),
      })
      .strict()
      .describe('What the import could not build, and why.'),
    excludedAtVerification: z
      .object({
        count: Count.describe('Tasks not qualified or refused.'),
        reasons: z.array(ReasonTallySchema).describe('Grouped by reason, most first.'),
      })
      .strict()
      .describe('Corpus tasks left out because they did not qualify (or could not be loaded), and why.'),
  })
  .strict()
  .describe(
    'What the comparison stands on: its tasks, their repositories, languages and sizes, and what was left out of the corpus and why.',
  );

export type CorpusFacts = z.infer<typeof CorpusFactsSchema>;
export type CorpusCard = z.infer<typeof CorpusCardSchema>;
export type ReasonTally = z.infer<typeof ReasonTallySchema>;
