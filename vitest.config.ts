import { join, sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import { crossover } from './src/plugin/plugin.js';
import { TEST_PROJECTS } from './test/projects.js';

/** The built package, which Node imports as an installed package: Vite would transform it module by module. */
const BUILT_FILES = new RegExp(`^${join(import.meta.dirname, 'dist', sep).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * `unit`, `system` and `e2e` are Crossover's own test suite (test/projects.ts). Each other project is
 * one experiment: its trials are generated tests (`vitest --project demo`, `vitest --project demo --ui`).
 */
export default defineConfig({
  test: {
    projects: [
      ...Object.entries(TEST_PROJECTS).map(([name, { include, timeoutMs, maxWorkers, isolate, built }], order) => ({
        test: {
          name,
          include: [...include],
          ...(built
            ? { globalSetup: ['test/helpers/fresh-build.ts'], server: { deps: { external: [BUILT_FILES] } } }
            : {}),
          testTimeout: timeoutMs,
          hookTimeout: timeoutMs,
          maxWorkers,
          isolate,
          unstubEnvs: true,
          // Vitest runs projects with different worker counts only in different groups.
          sequence: { groupOrder: order },
        },
      })),
      {
        plugins: [crossover({ experiment: 'experiments/demo.ts' })],
        test: { name: 'demo', sequence: { groupOrder: 3 } },
      },
      {
        plugins: [crossover({ experiment: 'experiments/stage1.ts' })],
        test: { name: 'stage1', sequence: { groupOrder: 4 } },
      },
      {
        plugins: [crossover({ experiment: 'experiments/stage2.ts' })],
        test: { name: 'stage2', sequence: { groupOrder: 5 } },
      },
    ],
    reporters: ['default', './src/reporters/crossover-reporter.ts'],
  },
});
