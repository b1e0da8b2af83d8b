import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prettyJson } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import type { Arm } from '../../contracts/experiment.js';
import type { ProbeRecord } from '../../contracts/probe.js';
import { type Provider, ProviderSchema } from '../../contracts/provider.js';
import { type LoadedTask, loadTask } from '../../corpus/load.js';
import { readArtifact, writeArtifact } from '../../io/json.js';
import { experimentLayout } from '../../io/layout.js';
import { requireSandbox, type SandboxHost } from '../../io/sandbox.js';
import { experimentApprovals } from '../../plan/approval.js';
import { loadExperiment } from '../../plan/load-experiment.js';
import { probeProvider } from '../../probe/probe.js';
import { placedDeclarationDigest } from '../../provider-runtime/command.js';
import { type CliIo, type Command, EXIT_BLOCKED } from '../command.js';

/** What to probe, where its relative paths start, and where records go (null: print only). */
interface Target {
  providers: Provider[];
  baseDir: string;
  experimentId: string | null;
  sampleTask: LoadedTask | undefined;
  /** the experiment's arms, for an experiment file; a provider.json has none */
  arms: Arm[];
  /** the file as given, for messages that name the next command */
  file: string;
}

/** The first task of the experiment's slice (or of its corpus): every provider indexes the same snapshot. */
async function firstTaskOf(corpusDir: string, slice: string[] | undefined): Promise<LoadedTask | undefined> {
  const id =
    slice?.[0] ??
    (await readdir(join(corpusDir, 'tasks'), { withFileTypes: true }).catch(() => []))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()[0];
  return id === undefined ? undefined : loadTask(join(corpusDir, 'tasks', id));
}

async function targetOf(file: string, values: { task?: string; experiment?: string }, cwd: string): Promise<Target> {
  const absolute = resolve(cwd, file);
  const task = values.task === undefined ? undefined : await loadTask(resolve(cwd, values.task));
  if (absolute.endsWith('.json')) {
    const provider = await readArtifact(absolute, ProviderSchema);
    return {
      providers: [provider],
      baseDir: dirname(absolute),
      experimentId: values.experiment ?? null,
      sampleTask: task,
      arms: [],
      file,
    };
  }
  const { experiment, dir } = await loadExperiment(absolute);
  if (values.experiment !== undefined && values.experiment !== experiment.id) {
    throw new CrossoverError(
      'invalid-input',
      `--experiment ${values.experiment}: ${file} is experiment "${experiment.id}"`,
    );
  }
  if (experiment.providers.length === 0)
    throw new CrossoverError(
      'invalid-input',
      `${absolute}: $.providers: the experiment declares no providers to probe`,
    );
  const sampleTask = task ?? (await firstTaskOf(resolve(dir, experiment.corpus), experiment.tasks));
  return {
    providers: experiment.providers,
    baseDir: dir,
    experimentId: experiment.id,
    sampleTask,
    arms: experiment.arms,
    file,
  };
}

function summaryLine(record: ProbeRecord, written: string | null): string {
  const { status, cohort, reasons } = record.eligibility;
  const head = `${record.provider}: ${status}${cohort ? ` (${cohort})` : ''}  ${record.digest}${written ? `  wrote ${written}` : ''}`;
  return [
    head,
    ...reasons.map((reason) => `  - ${reason}`),
    ...record.identity.limitations.map((note) => `  note: ${note}`),
  ].join('\n');
}

/**
 * The providers whose egress an approval of this experiment covers (`crossover approve` writes it),
 * each as "<id> <declaration digest>": an approval of another declaration covers nothing.
 */
async function approvedEgress(target: Target): Promise<Set<string>> {
  if (target.experimentId === null || target.arms.length === 0) return new Set();
  const approvals = await experimentApprovals(target.baseDir, target.experimentId);
  return new Set(
    approvals.flatMap(({ approval }) => (approval.egress ?? []).map((e) => `${e.provider} ${e.declarationDigest}`)),
  );
}

/**
 * Why an arm cannot run after this probe, with what to do: its provider was excluded (and the arm
 * does not declare it may be), or is blocked until an approval or a credential.
 */
function armsLeftOut(target: Target, records: readonly ProbeRecord[]): string[] {
  const problems: string[] = [];
  for (const [index, arm] of target.arms.entries()) {
    const record = records.find((r) => r.provider === arm.provider);
    if (record === undefined || record.eligibility.status === 'eligible') continue;
    const reasons = record.eligibility.reasons.join('; ');
    if (record.eligibility.status === 'excluded' && !arm.mayBeExcluded)
      problems.push(
        `arm ${arm.id} needs provider ${record.provider}, which the probe excluded (${reasons}): fix its declaration in ${target.file} and probe again, or declare $.arms[${index}].mayBeExcluded: true`,
      );
    if (record.eligibility.status === 'blocked')
      problems.push(
        `arm ${arm.id} needs provider ${record.provider}, whose probe is blocked (${reasons}): run crossover plan ${target.file} (it writes plan.json), crossover approve <that plan.json> (it covers the provider's egress), then crossover probe ${target.file} again`,
      );
  }
  return problems;
}

/** The trial's sandbox, refused when missing; none only when asked for by name. */
async function sandboxOf(value: string): Promise<SandboxHost | null> {
  if (value === 'none') return null;
  if (value !== 'bubblewrap')
    throw new CrossoverError('invalid-input', `--sandbox: expected bubblewrap or none, got "${value}"`);
  return requireSandbox();
}

export const probeCommand: Command = {
  usage:
    'probe <experiment.ts | provider.json> [--json] [--task <task dir>] [--experiment <id>] [--approve-egress <provider id>]... [--sandbox bubblewrap|none]\n\n' +
    "  --task            the task whose snapshot the index command runs on (default: the experiment's first task)\n" +
    '  --experiment      for a provider.json: store the record under .crossover/<id>/probes/\n' +
    "  --approve-egress  this provider may receive task source (hosted, sends source, or remote hosts); an approval of the experiment's plan (crossover approve) does the same\n" +
    "  --sandbox         bubblewrap (default): the provider runs in the trial's sandbox; none: bare, only when asked",
  async run(argv, io: CliIo) {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        task: { type: 'string' },
        experiment: { type: 'string' },
        'approve-egress': { type: 'string', multiple: true, default: [] },
        sandbox: { type: 'string', default: 'bubblewrap' },
      },
    });
    const [file] = positionals;
    if (!file)
      throw new CrossoverError(
        'invalid-input',
        'expected an experiment file or a provider.json, e.g. crossover probe experiments/demo.ts',
      );
    const sandbox = await sandboxOf(values.sandbox);
    const target = await targetOf(file, values, io.cwd);
    const approved = new Set(values['approve-egress']);
    for (const id of approved) {
      if (!target.providers.some((p) => p.id === id))
        throw new CrossoverError('invalid-input', `--approve-egress ${id}: no provider "${id}" in ${file}`);
    }
    const approvedByFile = await approvedEgress(target);
    const records: ProbeRecord[] = [];
    const lines: string[] = [];
    for (const provider of target.providers) {
      const record = await probeProvider(provider, {
        root: io.cwd,
        baseDir: target.baseDir,
        sampleTask: target.sampleTask,
        approvedEgress:
          approved.has(provider.id) ||
          approvedByFile.has(`${provider.id} ${placedDeclarationDigest(provider, target.baseDir, io.cwd)}`),
        sandbox,
      });
      let written: string | null = null;
      if (target.experimentId !== null) {
        const path = join(experimentLayout(io.cwd, target.experimentId).probesDir, `${provider.id}.json`);
        await writeArtifact(path, record);
        written = relative(io.cwd, path);
      }
      records.push(record);
      lines.push(summaryLine(record, written));
    }
    if (values.json) io.out(prettyJson(records));
    else {
      io.out(`${lines.join('\n')}\n`);
      if (target.experimentId === null) io.out('not stored: pass --experiment <id> to keep the record for a plan\n');
    }
    const unusable = armsLeftOut(target, records);
    if (unusable.length > 0) {
      io.err(`crossover probe: an arm needs a provider that cannot run\n  - ${unusable.join('\n  - ')}\n`);
      return EXIT_BLOCKED;
    }
    return 0;
  },
};
