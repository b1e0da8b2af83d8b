import { z } from 'zod';
import { DigestSchema, IdSchema } from './common.js';

export const ApprovalSchema = z
  .object({
    schema: z.literal('crossover.approval/1').describe('Format and version of this document.'),
    planId: DigestSchema.describe('The exact plan this approval covers.'),
    experiment: IdSchema.describe('Id of the experiment the plan belongs to.'),
    approves: z.array(z.string()).min(1).describe('The reasons the plan needed approval, as shown when approving.'),
    scope: DigestSchema.optional().describe(
      "Digest of the plan with its providers' probe results left out: a plan that differs from the approved one only in what a probe found (the probe this approval let send to a provider) is covered. Absent: the exact plan id only.",
    ),
    egress: z
      .array(
        z
          .object({
            provider: IdSchema.describe('A provider an arm of the plan uses.'),
            declarationDigest: DigestSchema.describe(
              "The digest of its declaration as placed in the project (a probe record's declarationDigest).",
            ),
          })
          .strict(),
      )
      .optional()
      .describe(
        'Providers whose egress this approval allows: `crossover probe` reads it and may send them what the declaration says. Absent: none.',
      ),
  })
  .strict()
  .describe('experiments/approvals/<experiment>-<plan>.json');

export type Approval = z.infer<typeof ApprovalSchema>;
