import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statusClass } from '../../src/contracts/receipt.js';
import { startAgentClock } from '../../src/trial/agent-clock.js';
import { cpuThrottle, favour, watchProcesses, withThisProcessThrottled } from '../helpers/starve.js';
import { hostileTrial } from './hostile.js';

/** The agent's time limit: its work below takes half of it in CPU. */
const LIMIT_MS = 2000;
const WORK_MS = 1000;

/**
 * A trial of the CPU-bound agent (fixtures/agents/cpu-work.mjs), `act` called on each of its
 * processes as it starts; with `processes` above 1, that many copies of it work at once.
 */
async function cpuTrial(cpuMs: number, act: (pid: number) => void, processes = 1) {
  const marker = `crossover-cpu-${randomBytes(6).toString('hex')}`;
  const watcher = watchProcesses(marker, act);
  try {
    const args = [marker, String(cpuMs), String(processes)];
    const receipt = await hostileTrial({ script: 'cpu-work.mjs', args, timeoutMs: LIMIT_MS });
    return { receipt, caught: watcher.stop().length };
  } finally {
    watcher.stop();
  }
}

/**
 * An agent's time limit measures the agent, not the machine: the check clock's rule
 * (grading/check-clock.ts) over the agent's processes. DESIGN: only the agent's own work may reach
 * `timeout`.
 */
describe("an agent's time limit measures the agent, not the machine", () => {
  it('an agent kept from the CPU (5% of a core) past its limit is agent-starved: invalid, never a timeout', async () => {
    const throttle = await cpuThrottle(5);
    try {
      const { receipt, caught } = await cpuTrial(WORK_MS, (pid) => throttle.add(pid));
      expect(caught).toBe(1);
      expect(receipt.status).toBe('agent-starved');
      expect(statusClass(receipt.status)).toBe('invalid');
      expect(receipt.findings).toContainEqual({
        kind: 'agent',
        detail: expect.stringMatching(/^starved: had \d+ ms of its own time of its 2000 ms limit/),
      });
    } finally {
      await throttle.remove();
    }
  }, 60_000);

  it('the same agent finishes its work when the machine lets it run', async () => {
    const { receipt } = await cpuTrial(WORK_MS, favour);
    // It changes nothing, so the task's checks fail: the agent's own outcome, not a timeout.
    expect(receipt.status).toBe('failed');
  }, 60_000);

  it('an agent whose work runs on two CPUs at once has the wall time it took counted, not their CPU summed', async () => {
    // Two copies, each 1400 ms of CPU, side by side on this 2-core machine: about 1400 ms of wall
    // time, within the 2000 ms limit. Counted whole, their 2800 ms of CPU passed the limit at about
    // 1000 ms, a timeout: the sooner, the more CPUs a machine has.
    // Favoured, the copies may keep this thread from the CPU until they end, so how many of them the
    // watcher saw is not asserted; on a busy machine the clock then misses some of their CPU, which
    // only errs towards patience. The idle machine is where the sum of their CPU ended the agent.
    const { receipt } = await cpuTrial(1400, favour, 2);
    expect(receipt.status).toBe('failed');
  }, 60_000);

  it("an agent that waits for ever times out on its own time while the harness's own thread is kept from the CPU", async () => {
    // No process of the agent's is running: it is asleep. The harness's thread wants the CPU and
    // gets 5% of a core. Its waits are not the agent's: counted, this ended starved at 3 × 300 ms.
    const marker = {
      variable: `CROSSOVER_NO_SUCH_MARKER=${randomBytes(6).toString('hex')}`,
      directory: '/nonexistent',
    };
    const clock = await withThisProcessThrottled(5, async () => {
      const started = startAgentClock(300, marker);
      while (!started.timeUp.aborted) {
        const until = performance.now() + 20;
        while (performance.now() < until) {
          // busy: runnable, so kept waiting by the throttle
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      return started;
    });
    clock.stop();
    expect(clock.starved()).toBeNull();
  }, 60_000);

  it('an agent that loops still times out on its own time', async () => {
    const { receipt } = await cpuTrial(1e9, favour);
    expect(receipt.status).toBe('timeout');
  }, 60_000);
});
