import { z } from 'zod';
import { DigestSchema, IdSchema } from './common.js';

export const ApprovalSchema = z
  .object({
    schema: z.literal('crossover.approval/1').describe('Format and version of this document.'),
    planId: DigestSchema.describe('The exact plan this approval covers.'),
    experiment: IdSchema.describe('Id of the experiment the plan belongs to.'),
    approves: z.array(z.string()).min(1).describe('The reasons the plan needed approval, as shown when approving.'),
  })
  .strict()
  .describe('experiments/approvals/<experiment>-<plan>.json');

export type Approval = z.infer<typeof ApprovalSchema>;
