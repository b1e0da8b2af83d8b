/**
 * Crossover's own test suite in three projects, each a set of test folders (a folder holds one kind
 * of test; a file that needs more than its folder gives moves to a folder of its kind):
 * - unit: no sandbox, no Chromium, no agent binaries; the inner loop (`npm run test:unit`).
 * - system: trials in bubblewrap, checks in Chromium, real processes and whole Vitest runs.
 * - e2e: the real agent binaries and provider packages, installed pinned from the npm registry.
 * `test/architecture/test-projects.test.ts` checks that every test file belongs to exactly one.
 */
export const TEST_PROJECTS = {
  unit: {
    include: [
      'test/{agents,architecture,cli,contracts,corpus,plan,probe,receipts,reporters,score,transcripts}/**/*.test.ts',
    ],
    timeoutMs: 60_000,
  },
  system: { include: ['test/{browser,grading,plugin,probe-sandbox,trial}/**/*.test.ts'], timeoutMs: 120_000 },
  e2e: { include: ['test/{agents-real,providers}/**/*.test.ts'], timeoutMs: 600_000 },
} as const;

export type TestProjectName = keyof typeof TEST_PROJECTS;
