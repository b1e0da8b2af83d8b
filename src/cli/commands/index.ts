import type { CommandEntry } from '../command.js';

/** The command table, in the order --help lists it. A command's module loads only when it runs. */
export const COMMANDS: Record<string, CommandEntry> = {
  init: {
    summary:
      'Start a project here: a corpus with one example task, a command-agent stub, an exploratory experiment, vitest.config.ts',
    load: async () => (await import('./init.js')).initCommand,
  },
  schema: {
    summary: 'Print the JSON Schema of an artifact (plan, receipt, task, ...)',
    load: async () => (await import('./schema.js')).schemaCommand,
  },
  digest: {
    summary:
      'Print the tree digest of a directory (files, empty directories, in-tree symlinks; refuses links leaving it and special files)',
    load: async () => (await import('./digest.js')).digestCommand,
  },
  probe: {
    summary:
      'Probe the providers of an experiment (or one provider.json): handshake, index one task, decide eligibility',
    load: async () => (await import('./probe.js')).probeCommand,
  },
  plan: {
    summary:
      'Derive the preregistered plan of an experiment: identities, schedule, budget, cost, approvals (runs nothing)',
    load: async () => (await import('./plan.js')).planCommand,
  },
  approve: {
    summary:
      'Approve one exact plan that may cost money or send source out (writes experiments/approvals/<experiment>-<plan>.json)',
    load: async () => (await import('./approve.js')).approveCommand,
  },
  corpus: {
    summary:
      'Qualify corpus tasks (verify: hidden checks fail on the start, pass on the reference, catch every decoy); import SWE-bench instances and Harbor tasks; export Harbor tasks',
    load: async () => (await import('./corpus.js')).corpusCommand,
  },
  env: {
    summary:
      "Build the container images a corpus's tasks declare (once per Dockerfile and context digest); check images named by digest are here",
    load: async () => (await import('./env.js')).envCommand,
  },
  task: {
    summary:
      "Start a task from a skeleton (task new <id>), or import a repository task from a local git repository's base and fix commits",
    load: async () => (await import('./task.js')).taskCommand,
  },
  trial: {
    summary: 'Run one ad-hoc trial of a task with a shell-command agent and print its receipt (exit 0 when it passed)',
    load: async () => (await import('./trial.js')).trialCommand,
  },
  receipts: {
    summary: 'Verify stored receipts: recompute every digest, report tampered or corrupt files (exit 1)',
    load: async () => (await import('./receipts.js')).receiptsCommand,
  },
  show: {
    summary: "Show one trial's story from its receipt and evidence: prompt digest, tool calls, diff, checks",
    load: async () => (await import('./show.js')).showCommand,
  },
  review: {
    summary:
      'Write a review file for one trial, prefilled from its diff: mark rejected edits; the scorecard shows them beside the oracle',
    load: async () => (await import('./review.js')).reviewCommand,
  },
  score: {
    summary: 'Score a plan from its receipts: writes scorecard.json, .md and .html (runs nothing, no network)',
    load: async () => (await import('./score.js')).scoreCommand,
  },
  power: {
    summary:
      'Simulate the preregistered analysis from a scorecard (observed rates) or a plan (assumed): power, and the tasks and repeats needed for 80%',
    load: async () => (await import('./power.js')).powerCommand,
  },
  run: {
    summary: 'Run an experiment through Vitest: every scheduled trial, receipts, then the scorecard',
    load: async () => (await import('./run.js')).runCommand,
  },
  agents: {
    summary: "Install a pinned agent CLI into the project's own prefix and record its executable digest",
    load: async () => (await import('./agents.js')).agentsCommand,
  },
  providers: {
    summary: 'Install a pinned provider package into the project, or print a checked declaration from a recipe',
    load: async () => (await import('./providers.js')).providersCommand,
  },
  cache: {
    summary:
      "Evict the state directory's caches (snapshots, setup results, indexes) by age and size, never what a running plan holds",
    load: async () => (await import('./cache.js')).cacheCommand,
  },
  transcript: {
    summary: 'Print the diagnostics parsed from a saved Claude Code or Codex transcript',
    load: async () => (await import('./transcript.js')).transcriptCommand,
  },
};
