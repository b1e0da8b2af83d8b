import { defineConfig } from 'vitest/config';
import { crossover } from './src/plugin/plugin.js';

/**
 * `unit` is Crossover's own test suite. Each other project is one experiment: its trials are
 * generated tests (`vitest --project demo`, `vitest --project demo --ui`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
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
