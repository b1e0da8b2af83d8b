import { z } from 'zod';
import { InstalledAgentSchema } from './agent.js';
import { AgentUsageSchema } from './agent-usage.js';
import { ApprovalSchema } from './approval.js';
import { CorpusSchema, TaskSchema } from './corpus.js';
import { CorpusImportRecordSchema } from './corpus-import.js';
import { EvidenceSchema } from './evidence.js';
import { ExperimentSchema } from './experiment.js';
import { PlanSchema } from './plan.js';
import { ProbeRecordSchema } from './probe.js';
import { ProviderSchema } from './provider.js';
import { ProviderSetupRecordSchema } from './provider-setup.js';
import { CorpusVerificationSchema } from './qualification.js';
import { ReceiptSchema } from './receipt.js';
import { ReviewSchema } from './review.js';
import { RunnerMappingSchema } from './runners.js';
import { ScorecardSchema } from './scorecard.js';
import { SetupRecordSchema } from './setup.js';

/**
 * Every artifact with a published JSON Schema. Documents people write are described as input
 * (defaults may be left out); documents Crossover writes, as output.
 */
export const ARTIFACTS = {
  corpus: { schema: CorpusSchema, io: 'input' },
  task: { schema: TaskSchema, io: 'input' },
  experiment: { schema: ExperimentSchema, io: 'input' },
  provider: { schema: ProviderSchema, io: 'input' },
  plan: { schema: PlanSchema, io: 'output' },
  receipt: { schema: ReceiptSchema, io: 'output' },
  evidence: { schema: EvidenceSchema, io: 'output' },
  review: { schema: ReviewSchema, io: 'input' },
  scorecard: { schema: ScorecardSchema, io: 'output' },
  probe: { schema: ProbeRecordSchema, io: 'output' },
  approval: { schema: ApprovalSchema, io: 'output' },
  'corpus-verification': { schema: CorpusVerificationSchema, io: 'output' },
  'agent-install': { schema: InstalledAgentSchema, io: 'output' },
  'agent-usage': { schema: AgentUsageSchema, io: 'input' },
  'setup-record': { schema: SetupRecordSchema, io: 'output' },
  'provider-setup': { schema: ProviderSetupRecordSchema, io: 'output' },
  'repository-runners': { schema: RunnerMappingSchema, io: 'input' },
  'corpus-import': { schema: CorpusImportRecordSchema, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodType; io: 'input' | 'output' }>;

export type ArtifactName = keyof typeof ARTIFACTS;

export function artifactNames(): ArtifactName[] {
  return Object.keys(ARTIFACTS).sort() as ArtifactName[];
}

export function jsonSchemaOf(name: ArtifactName): Record<string, unknown> {
  const { schema, io } = ARTIFACTS[name];
  return { $id: `urn:crossover:schema:${name}`, ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }) };
}
