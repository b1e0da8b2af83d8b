import { EXAMPLE_TASK_ID, exampleTaskFiles } from './example-task.js';

/**
 * The files `crossover init` writes: a corpus with one example task, a command-agent stub, an
 * exploratory experiment comparing two ways of running it, its prompt template, and a Vitest
 * config with the experiment as a project. Paths are relative to the project root.
 */

const CORPUS = {
  schema: 'crossover.corpus/1',
  id: 'my-corpus',
  version: '0.1.0',
  title: 'My corpus',
  categories: [{ id: 'boundary-logic', title: 'Boundary logic' }],
};

const AGENT = `#!/bin/sh
# Your agent, for Crossover (written by \`crossover init\`; README, "Bring your own agent").
# Crossover runs it in each trial's fresh workspace (the current directory), inside its sandbox:
# the prompt arrives on stdin; fix the task by editing the files here. An arm with an MCP provider
# finds its servers in the file $CROSSOVER_MCP_CONFIG names. Before exiting, it may write what its
# model used to $CROSSOVER_USAGE_FILE:
#   {"schema": "crossover.agent-usage/1", "model": "…", "inputTokens": 0, "outputTokens": 0, "costUsd": 0}
set -eu
prompt=$(cat)
mode=\${1:-plain}

# Your agent goes here, e.g.:  printf '%s' "$prompt" | my-agent --mode "$mode"
# This stub changes nothing, so the hidden checks fail every trial: it shows the plumbing.
: "$prompt" "$mode"
`;

const agentSpec = (command: string) =>
  `{ adapter: 'command', command: '${command}', version: '1', files: ['agents/my-agent'] }`;

const EXPERIMENT = `import { defineExperiment } from 'crossover';

/**
 * Written by \`crossover init\`: your agent (agents/my-agent/agent.sh) run two ways on every task of
 * your corpus, once each. Exploratory: any tasks, any agent, always descriptive. Change the arms to
 * what you want to compare (a provider: README, "Compare a real provider"), then stage 1 and 2.
 */
export default defineExperiment({
  id: 'example',
  title: 'Example: my agent, plain and careful',
  stage: 'exploratory',
  corpus: '../corpus',
  agent: ${agentSpec('./agents/my-agent/agent.sh plain')},
  arms: [
    { id: 'baseline', role: 'baseline' },
    { id: 'careful', role: 'treatment', agent: ${agentSpec('./agents/my-agent/agent.sh careful')} },
  ],
  repeats: 1,
  promptTemplate: 'prompts/default.md',
  sandbox: 'bubblewrap',
});
`;

const PROMPT = `You are working in a small project, in your current directory.

{{task.prompt}}

Change the project's files to fix this. When you are done, stop.
`;

const VITEST_CONFIG = `import { crossover } from 'crossover';
import { defineConfig } from 'vitest/config';

// Each experiment is a Vitest project: \`npx vitest run --project example\` runs its trials.
export default defineConfig({
  test: {
    projects: [{ plugins: [crossover({ experiment: 'experiments/example.ts' })], test: { name: 'example' } }],
    reporters: ['default', 'crossover/reporter'],
  },
});
`;

/** Every file of a new project, and which of them are executable. */
export function projectFiles(): { files: Record<string, string>; executable: string[] } {
  return {
    files: {
      'corpus/corpus.json': `${JSON.stringify(CORPUS, null, 2)}\n`,
      ...exampleTaskFiles(),
      'agents/my-agent/agent.sh': AGENT,
      'experiments/example.ts': EXPERIMENT,
      'experiments/prompts/default.md': PROMPT,
      'vitest.config.ts': VITEST_CONFIG,
    },
    executable: ['agents/my-agent/agent.sh'],
  };
}

/** What to do next, in order, once the files are written. */
export const NEXT_STEPS = [
  `npx crossover corpus verify                  # qualify the example task (${EXAMPLE_TASK_ID})`,
  'npx crossover plan experiments/example.ts    # the plan: 1 task × 2 arms × 1 repeat (writes plan.json)',
  'npx crossover run experiments/example.ts     # its trials and scorecard (or: npx vitest run --project example)',
  'npx crossover task new <id>                  # a task of your own in corpus/tasks/<id>/',
];
