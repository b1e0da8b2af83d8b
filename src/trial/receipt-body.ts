import { UNOBSERVED } from '../agents/adapter.js';
import { agentDefinition } from '../agents/registry.js';
import type { Agent } from '../contracts/agent.js';
import type { Finding, ReceiptBody, TrialStatus } from '../contracts/receipt.js';
import { trialDiagnostics } from './diagnostics.js';

export type ReceiptBase = Pick<ReceiptBody, 'schema' | 'planId' | 'trial' | 'synthetic' | 'agent'>;

/** What every receipt of a trial says whatever happens: which trial, which agent. */
export function receiptBase(planId: string, trial: ReceiptBody['trial'], agent: Agent): ReceiptBase {
  return {
    schema: 'crossover.receipt/1',
    planId,
    trial,
    synthetic: agent.adapter === 'synthetic',
    agent: { adapter: agent.adapter, version: agentDefinition(agent.adapter).version(agent) },
  };
}

/** The receipt of a trial whose agent never ran (drift, setup failure): no checks, nothing observed. */
export function notRunReceipt(
  base: ReceiptBase,
  status: TrialStatus,
  sandbox: ReceiptBody['sandbox'],
  findings: Finding[],
): ReceiptBody {
  return {
    ...base,
    status,
    sandbox,
    checks: [],
    checksRun: 0,
    findings,
    diagnostics: trialDiagnostics({
      observation: UNOBSERVED,
      calls: { builtin: null, context: null },
      modified: null,
      relevantFiles: null,
      workspace: '',
      elapsedMs: null,
    }),
  };
}
