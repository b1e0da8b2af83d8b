import { describe, expect, it } from 'vitest';
import { isServiceFault } from '../../src/agents/api-fault.js';
import { REATTEMPTABLE_STATUSES } from '../../src/contracts/experiment.js';
import { statusClass } from '../../src/contracts/receipt.js';
import { type StatusInput, trialStatus } from '../../src/trial/status.js';

const clean: StatusInput = {
  cancelled: false,
  contaminated: false,
  staleContext: false,
  cleanupFailed: false,
  agent: 'completed',
  agentStarved: false,
  grade: 'passed',
};

describe('a model API fault is infrastructure: only the agent moves the verdict', () => {
  it('an agent the model API failed makes the trial api-fault: invalid and re-attemptable, whatever the checks say', () => {
    for (const grade of ['passed', 'failed', null] as const) {
      const status = trialStatus({ ...clean, agent: 'api-fault', grade });
      expect(status).toBe('api-fault');
      expect(statusClass(status)).toBe('invalid');
    }
    expect(REATTEMPTABLE_STATUSES).toContain('api-fault');
  });

  it("agent-error and timeout stay the agent's own failures; contamination still comes first", () => {
    expect(statusClass(trialStatus({ ...clean, agent: 'agent-error' }))).toBe('failure');
    expect(statusClass(trialStatus({ ...clean, agent: 'timeout' }))).toBe('failure');
    // A timeout while the machine starved the agent is the machine's: invalid, re-attemptable.
    expect(trialStatus({ ...clean, agent: 'timeout', agentStarved: true })).toBe('agent-starved');
    expect(statusClass('agent-starved')).toBe('invalid');
    expect(REATTEMPTABLE_STATUSES).toContain('agent-starved');
    expect(trialStatus({ ...clean, agent: 'api-fault', contaminated: true })).toBe('contaminated');
  });

  it('counts 429, 5xx and no answer at all as the service failing; a refused request is not', () => {
    expect([429, 500, 502, 503, 529, null].map(isServiceFault)).toEqual([true, true, true, true, true, true]);
    expect([400, 401, 403, 404, 413].map(isServiceFault)).toEqual([false, false, false, false, false]);
  });
});
