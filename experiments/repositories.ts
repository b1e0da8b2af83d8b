import { defineExperiment } from 'crossover';

/**
 * The bundled repository tasks (corpus-repositories/): a JavaScript CLI, a TypeScript library
 * built with tsc, a Python package tested with pytest, each graded by its own test suite with its
 * npm dependencies installed once by its setup. Synthetic agents: the reference agent must pass
 * every task and the no-op agent fail every one, which is what this run shows end to end
 * (setup, hidden test patch, the test runner in bubblewrap with no network).
 */
export default defineExperiment({
  id: 'repositories',
  title: 'Self-test: repository tasks graded by their own suites',
  stage: 0,
  corpus: '../corpus-repositories',
  agent: { adapter: 'synthetic', behavior: 'reference' },
  providers: [],
  arms: [
    { id: 'reference', role: 'baseline', title: 'Applies the hidden reference fix' },
    {
      id: 'noop',
      role: 'treatment',
      title: 'Changes nothing',
      agent: { adapter: 'synthetic', behavior: 'noop' },
    },
  ],
  repeats: 1,
  promptTemplate: 'prompts/default.md',
  sandbox: 'bubblewrap',
});
