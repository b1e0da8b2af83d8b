import { z } from 'zod';
import { RepositorySetupSchema, RepositoryTestSchema } from './corpus.js';

export const RunnerProfileSchema = z
  .enum(['node-test', 'jest', 'vitest', 'mocha', 'tape', 'pytest'])
  .describe(
    "A built-in runner: the test command with its machine-readable reporter, and npm's setup for the JavaScript ones.",
  );

export const RepositoryRunnerSchema = z
  .object({
    profile: RunnerProfileSchema.optional().describe(
      'Start from a built-in runner; the fields below replace its parts.',
    ),
    setup: RepositorySetupSchema.nullable()
      .optional()
      .describe('The setup; null: none (the profile would install packages).'),
    test: RepositoryTestSchema.optional().describe(
      'The test command; "{tests}" in it becomes the test files the instance\'s test patch touches, shell-quoted.',
    ),
    overrides: z
      .array(z.string().regex(/^[^=\s]+=\S+$/, 'expected <dependency>=<version>, or <dependency>=- to drop it'))
      .optional()
      .describe("Declared overrides of the starting tree's dependencies (a git URL dependency replaced or dropped)."),
  })
  .strict()
  .describe('How to set up and test one repository.');

export const RunnerMappingSchema = z
  .object({
    schema: z.literal('crossover.repository-runners/1').describe('Format and version of this document.'),
    repositories: z
      .record(
        z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'expected owner/name'),
        z.union([RunnerProfileSchema, RepositoryRunnerSchema]),
      )
      .describe('Per repository (owner/name): a built-in runner by name, or a runner.'),
  })
  .strict()
  .describe(
    'Which test runner and setup each repository of an import uses; overrides the built-in choice (crossover corpus import swe-bench --runners <file>).',
  );

export type RunnerProfile = z.infer<typeof RunnerProfileSchema>;
export type RepositoryRunner = z.infer<typeof RepositoryRunnerSchema>;
export type RunnerMapping = z.infer<typeof RunnerMappingSchema>;
