import { z } from 'zod';

const Seconds = z.number().positive();

/**
 * The parts of a Harbor task.toml Crossover reads (Harbor 1.x task format). Harbor's own
 * configuration grows fields (resources, GPUs, MCP servers, users): the ones read are checked, the
 * rest left alone rather than refused, since it is a third party's format.
 */
export const HarborTaskTomlSchema = z
  .looseObject({
    version: z.string().optional().describe('The task format version ("1.0").'),
    schema_version: z.string().optional().describe('The task format version of newer Harbor releases ("1.1").'),
    task: z
      .looseObject({
        name: z.string().optional().describe('"<org>/<name>".'),
        description: z.string().optional().describe('A one-line description.'),
      })
      .optional()
      .describe("The task's name and description (newer releases)."),
    metadata: z
      .looseObject({
        category: z.string().optional().describe('A category.'),
        difficulty: z.string().optional().describe('easy, medium, hard.'),
        tags: z.array(z.string()).optional().describe('Tags.'),
      })
      .optional()
      .describe('Free-form metadata.'),
    verifier: z
      .looseObject({ timeout_sec: Seconds.optional().describe("The verifier's time limit.") })
      .optional()
      .describe('How tests/test.sh runs.'),
    agent: z
      .looseObject({ timeout_sec: Seconds.optional().describe("The agent's time limit.") })
      .optional()
      .describe('How the agent runs.'),
    environment: z
      .looseObject({
        build_timeout_sec: Seconds.optional().describe('The image build time limit.'),
        docker_image: z.string().optional().describe('A prebuilt image, instead of environment/Dockerfile.'),
      })
      .optional()
      .describe("The task's container."),
  })
  .describe("A Harbor task directory's task.toml.");

export type HarborTaskToml = z.infer<typeof HarborTaskTomlSchema>;
