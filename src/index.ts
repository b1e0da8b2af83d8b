// Crossover's public entry: what an experiment file, a Vitest config and a program that reads
// Crossover's artifacts need. Everything else is internal and may change without notice.
export * from './contracts/index.js';
export { defineExperiment } from './plan/define.js';
export { type CrossoverPluginOptions, crossover } from './plugin/plugin.js';
export { default as CrossoverReporter } from './reporters/crossover-reporter.js';
export * from './score/index.js';
