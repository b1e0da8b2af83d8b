import { z } from 'zod';
import { IdSchema, RelativePathSchema } from './common.js';

export const CorpusSchema = z
  .object({
    schema: z.literal('crossover.corpus/1').describe('Format and version of this document.'),
    id: IdSchema.describe('Corpus id; bound into every plan.'),
    version: z.string().min(1).describe('Corpus version; bound into every plan.'),
    title: z.string().optional().describe('Human-readable name of the corpus.'),
    categories: z
      .array(
        z
          .object({
            id: IdSchema.describe('Category id that tasks name in their category field.'),
            title: z.string().min(1).describe('Human-readable name of the category.'),
          })
          .strict(),
      )
      .min(1)
      .describe('The categories tasks are filed under.'),
  })
  .strict()
  .describe('corpus/corpus.json');

export const SurfaceSchema = z
  .enum(['api', 'browser', 'cli', 'library'])
  .describe('Where the behaviour is observed: api, browser, cli or library.');

export const CheckSchema = z
  .object({
    id: IdSchema.describe('Name of the check, unique within the task.'),
    file: RelativePathSchema.describe("Check module, relative to the task's checks/ directory."),
    runner: z
      .enum(['node', 'browser'])
      .describe("node: runs under Node's permission model; browser: trusted code drives headless Chromium."),
    timeoutMs: z
      .number()
      .int()
      .positive()
      .max(120_000)
      .default(20_000)
      .describe('Time limit for this check; a check that runs over is an error, never a pass.'),
  })
  .strict();

export const TaskSchema = z
  .object({
    schema: z.literal('crossover.task/1').describe('Format and version of this document.'),
    id: IdSchema.describe('Task id; the name of its directory under corpus/tasks/.'),
    title: z.string().min(1).describe('One-line summary of the defect or feature.'),
    category: IdSchema.describe('One of the corpus categories.'),
    surface: SurfaceSchema,
    timeoutSec: z.number().int().positive().max(600).describe('Agent time limit for one trial.'),
    checks: z
      .object({
        required: z.array(CheckSchema).min(1).describe('Must all pass for success; all fail on the starting tree.'),
        regressions: z.array(CheckSchema).describe('Pass on the starting tree and must keep passing.'),
      })
      .strict()
      .describe('Hidden executable checks that grade a trial.'),
    relevantFiles: z
      .array(RelativePathSchema)
      .min(1)
      .optional()
      .describe('Preregistered files a solver needs to look at; recall is computed only where present.'),
    protectedPaths: z
      .array(RelativePathSchema)
      .default([])
      .describe('Workspace files the grader relies on; an agent that changes one fails.'),
  })
  .strict()
  .describe('corpus/tasks/<id>/task.json');

export type Corpus = z.infer<typeof CorpusSchema>;
export type Task = z.infer<typeof TaskSchema>;
export type Check = z.infer<typeof CheckSchema>;
export type Surface = z.infer<typeof SurfaceSchema>;
