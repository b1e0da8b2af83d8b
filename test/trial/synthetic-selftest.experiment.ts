/** The synthetic self-test of every corpus task: a no-op, the reference and a seeded agent. */
export default {
  id: 'synthetic-selftest',
  title: 'Synthetic agents on every corpus task',
  stage: 0,
  corpus: '../../corpus',
  agent: { adapter: 'synthetic', behavior: 'noop' },
  arms: [
    { id: 'noop', role: 'baseline' },
    { id: 'reference', role: 'treatment', agent: { adapter: 'synthetic', behavior: 'reference' } },
    { id: 'seeded', role: 'treatment', agent: { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.5 } },
  ],
  repeats: 1,
  promptTemplate: '../../experiments/prompts/default.md',
  sandbox: 'bubblewrap',
};
