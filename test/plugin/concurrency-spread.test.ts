import { describe, expect, it } from 'vitest';
import { spreadConcurrency } from '../../src/plugin/plugin.js';

describe('the concurrency bound is reached, never exceeded, whatever a task file holds', () => {
  it("a file runs in two turns, so finished trials' slots refill within it: 4 files of 8 at 16 → 4 workers × 4", () => {
    expect(spreadConcurrency(16, [8, 8, 8, 8])).toEqual({ maxWorkers: 4, agentsPerFile: 4 });
  });

  it("the demo's 30 files of 4 at 16 run as 8 workers × 2, not 4 × 4", () => {
    expect(
      spreadConcurrency(
        16,
        Array.from({ length: 30 }, () => 4),
      ),
    ).toEqual({ maxWorkers: 8, agentsPerFile: 2 });
  });

  it('fewer files than the bound can use run more of their trials at once: 3 files of 8 at 64 → 3 workers × 8', () => {
    expect(spreadConcurrency(64, [8, 8, 8])).toEqual({ maxWorkers: 3, agentsPerFile: 8 });
  });

  it("a bound smaller than a file's trials keeps one worker running that many of its trials", () => {
    expect(spreadConcurrency(4, [8, 8])).toEqual({ maxWorkers: 1, agentsPerFile: 4 });
  });

  it('never more workers than task files, and workers × agents per file never above the bound', () => {
    for (const [bound, files, perTask] of [
      [64, 3, 8],
      [16, 29, 8],
      [7, 5, 3],
      [1, 4, 8],
    ] as const) {
      const spread = spreadConcurrency(
        bound,
        Array.from({ length: files }, () => perTask),
      );
      expect(spread.maxWorkers).toBeLessThanOrEqual(files);
      expect(spread.maxWorkers * spread.agentsPerFile).toBeLessThanOrEqual(bound);
      expect(spread.maxWorkers).toBeGreaterThanOrEqual(1);
      expect(spread.agentsPerFile).toBeGreaterThanOrEqual(1);
    }
  });
});
