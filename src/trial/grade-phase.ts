import { join } from 'node:path';
import type { Finding } from '../contracts/receipt.js';
import { checkLaneCount, type GradeResult, gradeWorkspace } from '../grading/grade.js';
import { STATE_DIR } from '../io/layout.js';
import type { AgentRun } from './agent-phase.js';
import { GRADING_CAPACITY, inGradingSlot } from './grading-slots.js';
import type { Inspection } from './inspect.js';
import { receiptText } from './redaction.js';
import type { TrialSpec } from './spec.js';
import { gradingPlace } from './trial-sandbox.js';

/**
 * The hidden checks on the agent's workspace, in the machine's grading slots: each slot held runs
 * one of the task's checks at once, since its node checks are processes of their own. A grader
 * that cannot finish is the trial's grader finding, never a throw.
 */
export async function gradeTrial(
  spec: TrialSpec,
  run: AgentRun,
  inspection: Inspection,
  trialDir: string,
): Promise<GradeResult | Finding> {
  try {
    const slots = join(spec.root, STATE_DIR, 'grading-slots');
    return await inGradingSlot(
      slots,
      GRADING_CAPACITY,
      (lanes, alone) =>
        gradeWorkspace({
          task: spec.task,
          workspace: run.prepared.workspace,
          scan: inspection.scan,
          start: inspection.start,
          signal: run.clock.signal,
          setup: run.prepared.setup,
          lanes,
          alone,
          container: gradingPlace(run.prepared.sandbox),
          ...(spec.browser ? { browser: spec.browser } : {}),
        }),
      checkLaneCount(spec.task.task),
    );
  } catch (error) {
    return {
      kind: 'grader',
      detail: receiptText(`grading could not finish: ${(error as Error).message}`, spec, trialDir, run.leased),
    };
  }
}
