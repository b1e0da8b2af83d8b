import { canonicalJson } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Arm, Experiment } from '../contracts/experiment.js';

function invalid(file: string, path: string, message: string): CrossoverError {
  return new CrossoverError('invalid-input', `${file}: ${path}: ${message}`);
}

function duplicates(ids: readonly string[]): { id: string; index: number } | null {
  const seen = new Set<string>();
  for (const [index, id] of ids.entries()) {
    if (seen.has(id)) return { id, index };
    seen.add(id);
  }
  return null;
}

/** What makes two arms the same configuration: an A/A control differs from the baseline in nothing but its id. */
function configurationOf(arm: Arm, experiment: Experiment): string {
  return canonicalJson({
    agent: arm.agent ?? experiment.agent,
    provider: arm.provider ?? null,
    tools: arm.allowedTools,
    files: arm.instructionFiles,
    skills: arm.skills ?? null,
  });
}

/**
 * Rules every stage shares: one baseline, at least one treatment, at most one aa-control that
 * repeats the baseline's configuration exactly, providers that exist and may be arms, unique ids.
 */
export function checkArms(experiment: Experiment, file: string): void {
  const providerDup = duplicates(experiment.providers.map((p) => p.id));
  if (providerDup)
    throw invalid(file, `$.providers[${providerDup.index}].id`, `provider id "${providerDup.id}" is used twice`);
  const armDup = duplicates(experiment.arms.map((a) => a.id));
  if (armDup) throw invalid(file, `$.arms[${armDup.index}].id`, `arm id "${armDup.id}" is used twice`);
  const baselines = experiment.arms.filter((a) => a.role === 'baseline');
  if (baselines.length !== 1)
    throw invalid(file, '$.arms', `expected exactly one arm with role "baseline", found ${baselines.length}`);
  if (!experiment.arms.some((a) => a.role === 'treatment'))
    throw invalid(file, '$.arms', 'expected at least one arm with role "treatment" (a comparison needs one)');
  const controls = experiment.arms.filter((a) => a.role === 'aa-control');
  if (controls.length > 1)
    throw invalid(file, '$.arms', `expected at most one arm with role "aa-control", found ${controls.length}`);
  const baseline = baselines[0] as Arm;
  for (const [index, arm] of experiment.arms.entries()) {
    if (arm.provider === undefined) continue;
    const provider = experiment.providers.find((p) => p.id === arm.provider);
    if (!provider)
      throw invalid(file, `$.arms[${index}].provider`, `expected the id of a declared provider, got "${arm.provider}"`);
    if (provider.kind === 'infrastructure')
      throw invalid(
        file,
        `$.arms[${index}].provider`,
        `provider "${provider.id}" is infrastructure (a storage engine), never an arm's context provider`,
      );
    if (arm.role !== 'treatment')
      throw invalid(
        file,
        `$.arms[${index}].provider`,
        `a ${arm.role} arm gets no context provider (only treatments do)`,
      );
  }
  for (const control of controls) {
    if (configurationOf(control, experiment) !== configurationOf(baseline, experiment)) {
      const index = experiment.arms.indexOf(control);
      throw invalid(
        file,
        `$.arms[${index}]`,
        `the aa-control arm must repeat the baseline "${baseline.id}" exactly (agent, tools, instruction files); it differs`,
      );
    }
  }
}
