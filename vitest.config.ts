import { defineConfig } from 'vitest/config';
import { crossover } from './src/plugin/plugin.js';
import { TEST_PROJECTS } from './test/projects.js';

/**
 * `unit`, `system` and `e2e` are Crossover's own test suite (test/projects.ts). Each other project is
 * one experiment: its trials are generated tests (`vitest --project demo`, `vitest --project demo --ui`).
 */
export default defineConfig({
  test: {
    projects: [
      ...Object.entries(TEST_PROJECTS).map(([name, { include, timeoutMs }]) => ({
        test: { name, include: [...include], testTimeout: timeoutMs, hookTimeout: timeoutMs },
      })),
      {
        plugins: [crossover({ experiment: 'experiments/demo.ts' })],
        test: { name: 'demo', sequence: { groupOrder: 1 } },
      },
      {
        plugins: [crossover({ experiment: 'experiments/stage1.ts' })],
        test: { name: 'stage1', sequence: { groupOrder: 2 } },
      },
      {
        plugins: [crossover({ experiment: 'experiments/stage2.ts' })],
        test: { name: 'stage2', sequence: { groupOrder: 3 } },
      },
    ],
    reporters: ['default', './src/reporters/crossover-reporter.ts'],
  },
});
