/**
 * Crossover's own test suite in three projects, each a set of test folders (a folder holds one kind
 * of test; a file that needs more than its folder gives moves to a folder of its kind):
 * - unit: no sandbox, no Chromium, no agent binaries; the inner loop (`npm run test:unit`).
 * - system: trials in bubblewrap, checks in Chromium, real processes and whole Vitest runs.
 * - e2e: the real agent binaries and provider packages, installed pinned from the npm registry, and
 *   Crossover itself as a user gets it (packed, installed into a project of their own; npx in a clone).
 * `test/architecture/test-projects.test.ts` checks that every test file belongs to exactly one.
 *
 * `maxWorkers`: Vitest's default is one fewer than the cores, a single worker on a 2-core machine.
 * Most of these tests wait on child processes (the CLI, sandboxes, servers), not on the CPU, so
 * each project runs more files at once than the machine has cores; the system project less so,
 * because its sandboxes and Chromium do use the CPU. e2e files wait most of all (one file alone used
 * half a core), so three run at once; its CodeGraph files share one install, and each counts as
 * survivors only its own test's processes (test/providers/support.ts), not its neighbour's.
 *
 * `isolate`: by default Vitest gives each test file a fresh module graph, so every unit file paid
 * again for transforming and evaluating src/ (its zod schemas, the built entry experiments import):
 * the unit project took 131 s of CPU isolated, 74 s not; 20 light system files 23 s, 13 s not. Unit
 * and system files leave no module state behind (fake timers are undone after each test, env stubs
 * by Vitest itself: `unstubEnvs`; module caches are keyed by what they depend on, e.g. bubblewrap
 * by its candidate paths), so they share their worker's modules. e2e files share installs and
 * agent processes' survivor checks: isolated.
 *
 * `built`: system and e2e tests run Crossover as users get it, the built dist/ (test/helpers/cli.ts),
 * imported by Node rather than through Vite; their global setup rebuilds it when src/ is newer.
 */
export const TEST_PROJECTS = {
  unit: {
    include: [
      'test/{agents,architecture,cli,contracts,corpus,plan,probe,receipts,reporters,score,transcripts}/**/*.test.ts',
    ],
    timeoutMs: 60_000,
    maxWorkers: 3,
    isolate: false,
    built: false,
  },
  system: {
    include: ['test/{browser,container,grading,installs,plugin,probe-sandbox,trial}/**/*.test.ts'],
    timeoutMs: 120_000,
    maxWorkers: 3,
    isolate: false,
    built: true,
  },
  e2e: {
    include: ['test/{agents-real,providers,package}/**/*.test.ts'],
    timeoutMs: 600_000,
    maxWorkers: 3,
    isolate: true,
    built: true,
  },
} as const;

export type TestProjectName = keyof typeof TEST_PROJECTS;
