import type { ExecOptions, ExecResult } from '../agents/adapter.js';
import { EVIDENCE_LIMITS } from '../contracts/evidence.js';

/** Kept per stream across commands: more than the evidence keeps, so its cut (and mark) is the evidence's. */
const KEPT = 2 * EVIDENCE_LIMITS.text;

/**
 * What an agent's processes printed last, kept by the exec every adapter gets (outside the
 * adapter's reach): each command's bounded tails, appended in the order the commands ran.
 */
export class OutputTails {
  private stdout = '';
  private stderr = '';
  private ran = false;

  /** `exec`, recording each command's tails as it ends. */
  recording<R extends ExecResult>(
    exec: (argv: string[], options: ExecOptions) => Promise<R>,
  ): (argv: string[], options: ExecOptions) => Promise<R> {
    return async (argv, options) => {
      const result = await exec(argv, options);
      this.ran = true;
      if (result.tails) {
        this.stdout = (this.stdout + result.tails.stdout).slice(-KEPT);
        this.stderr = (this.stderr + result.tails.stderr).slice(-KEPT);
      }
      return result;
    };
  }

  /** null when the agent started no process (a synthetic agent runs in-process). */
  tails(): { stdout: string; stderr: string } | null {
    return this.ran ? { stdout: this.stdout, stderr: this.stderr } : null;
  }
}
