import { z } from 'zod';
import { DigestSchema, IdSchema } from './common.js';
import { SurfaceSchema } from './corpus.js';

const SizeSchema = z
  .object({
    files: z.number().int().nonnegative().describe('Files counted.'),
    lines: z.number().int().nonnegative().describe('Lines counted (added plus removed, for a change).'),
  })
  .strict();

const LanguageShareSchema = z
  .object({
    language: z.string().describe('A source language, told by file extension (JavaScript, TypeScript, Python, …).'),
    files: z.number().int().positive().describe('Files of that language.'),
  })
  .strict();

const TreeGradingSchema = z
  .object({
    tree: z.string().describe('Which tree was graded: "start", "reference" or "decoy:<name>".'),
    run: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Which run of that tree (1, 2, …) when each tree ran more than once (--runs); absent: its one run.'),
    status: z
      .enum(['passed', 'failed', 'check-error', 'check-starved', 'missing-checks'])
      .describe('The grading of that tree.'),
    checks: z
      .array(
        z
          .object({
            id: z.string().describe('Check id, or test id of a repository task.'),
            kind: z.enum(['required', 'regression']).describe('required (fail-to-pass) or regression (pass-to-pass).'),
            status: z.enum(['pass', 'fail', 'error']).describe('How the check ended on that tree.'),
          })
          .strict(),
      )
      .describe('Every check of the task, in task order.'),
  })
  .strict();

export const QualificationSchema = z
  .object({
    id: IdSchema.describe('The task id.'),
    category: IdSchema.describe("The task's category."),
    surface: SurfaceSchema,
    digest: DigestSchema.describe('The task digest that was verified.'),
    qualified: z.boolean().describe('True only when there are no reasons.'),
    rules: z
      .enum(['bundled', 'imported'])
      .describe("The corpus's qualification rules (corpus.json qualificationRules)."),
    reasons: z.array(z.string()).describe('Why the task is not qualified, one specific reason a line.'),
    notes: z.array(z.string()).describe('Worth knowing, not disqualifying: an imported task without decoys.'),
    trees: z
      .array(TreeGradingSchema)
      .describe("Each check's result on each graded tree: start, reference, each decoy."),
    runs: z
      .number()
      .int()
      .positive()
      .default(1)
      .describe(
        'How many times the starting tree and the reference were each graded: a check whose result differed between runs is flaky, a reason.',
      ),
    nearTimeLimit: z
      .array(
        z
          .object({
            tree: z.string().describe('The tree it ran on: "start" or "reference".'),
            check: z
              .string()
              .nullable()
              .describe("The check; null for a repository task's test command, which runs every test at once."),
            durationMs: z.number().int().nonnegative().describe('Its longest run.'),
            limitMs: z.number().int().positive().describe('Its time limit.'),
          })
          .strict(),
      )
      .default([])
      .describe(
        'Checks (or test commands) that took at least half their time limit on some run: on a busier machine they may time out.',
      ),
    referenceChange: SizeSchema.describe(
      'Difficulty evidence: files the reference overlay changes and lines added plus removed.',
    ),
    tree: SizeSchema.describe(
      'Difficulty evidence: the size of the starting tree, installed, vendored and generated folders (node_modules, dist, .git, …) left out.',
    ),
    languages: z
      .array(LanguageShareSchema)
      .default([])
      .describe('Source files of the starting tree per language, most first (the same folders left out).'),
  })
  .strict()
  .describe('The qualification of one task.');

export const CorpusVerificationSchema = z
  .object({
    schema: z.literal('crossover.corpus-verification/1').describe('Format and version of this document.'),
    corpus: z
      .object({
        id: z.string().describe('Corpus id.'),
        version: z.string().describe('Corpus version.'),
        digest: z.string().describe('Digest of the whole corpus as verified.'),
        path: z
          .string()
          .optional()
          .describe(
            'The corpus directory verified, relative to the project root: a plan of a corpus in another directory never reads this record. Absent in what `corpus verify --json` prints.',
          ),
      })
      .strict()
      .describe('The corpus verified; each task below carries the digest it was verified at.'),
    total: z.number().int().nonnegative().describe('Tasks verified.'),
    qualified: z.number().int().nonnegative().describe('Tasks qualified.'),
    tasks: z.array(QualificationSchema).describe('In task id order.'),
    refused: z
      .array(
        z
          .object({
            id: IdSchema.describe('The task directory name.'),
            reason: z
              .string()
              .describe(
                'Why it cannot be used: a tree that is refused (a symlink leaving it, a special file), a folder without task.json or prompt.md, a task.json that does not parse.',
              ),
          })
          .strict(),
      )
      .describe('Tasks left out at load, in id order: not verified, never qualified.'),
  })
  .strict()
  .describe(
    'What `crossover corpus verify --json` prints; merged over runs into .crossover/corpus-verification/<corpus>.json.',
  );

export type Qualification = z.infer<typeof QualificationSchema>;
export type CorpusVerification = z.infer<typeof CorpusVerificationSchema>;
export type TreeSize = z.infer<typeof SizeSchema>;
export type LanguageShare = z.infer<typeof LanguageShareSchema>;
export type NearTimeLimit = Qualification['nearTimeLimit'][number];
