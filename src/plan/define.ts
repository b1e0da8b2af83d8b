import type { ExperimentInput } from '../contracts/experiment.js';

/**
 * Typed identity for `experiments/*.ts`: gives the editor the contract's types. Validation is the
 * loader's job, so that its errors can name the file.
 */
export function defineExperiment(input: ExperimentInput): ExperimentInput {
  return input;
}
