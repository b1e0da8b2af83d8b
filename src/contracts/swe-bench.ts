import { z } from 'zod';

/** SWE-bench's test lists: a JSON array, or (as the published datasets store them) a string holding one. */
const TestListSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(z.string().min(1)),
);

/**
 * One line of a SWE-bench instances file (SWE-bench, Lite, Verified, Multilingual, and forks that
 * keep its fields). Only the fields Crossover reads are checked; the datasets carry others
 * (created_at, difficulty, image_assets, …), which are left alone rather than refused, since a
 * third party's format grows fields of its own.
 */
export const SweBenchInstanceSchema = z
  .looseObject({
    instance_id: z.string().min(1).max(200).describe('The instance, e.g. "psf__requests-2317".'),
    repo: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'expected owner/name')
      .describe('The GitHub repository, owner/name.'),
    base_commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/, 'expected a full git commit id: 40 lower-case hex digits')
      .describe('The commit the patches apply to: the starting tree.'),
    patch: z
      .string()
      .min(1)
      .describe("The gold patch (unified diff): the fix's non-test changes, Crossover's reference."),
    test_patch: z.string().min(1).describe("The fix's test changes (unified diff): hidden, applied only at grading."),
    problem_statement: z.string().min(1).describe('The issue text: the prompt the agent is given.'),
    hints_text: z.string().optional().describe('Comments before the fix; not given to the agent.'),
    version: z.string().optional().describe("The repository's version, SWE-bench's key to its environment specs."),
    environment_setup_commit: z
      .string()
      .optional()
      .describe('The commit SWE-bench builds the environment from; Crossover sets up from the base commit itself.'),
    FAIL_TO_PASS: TestListSchema.describe('Tests that fail on the base and pass with the patch: the required checks.'),
    PASS_TO_PASS: TestListSchema.describe('Tests that pass on both: the regressions.'),
  })
  .describe('One line of a SWE-bench instances file (JSON Lines).');

export type SweBenchInstance = z.infer<typeof SweBenchInstanceSchema>;
