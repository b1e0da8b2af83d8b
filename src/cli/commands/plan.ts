import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { digestOf, prettyJson } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import { PlanSchema } from '../../contracts/plan.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { readArtifact } from '../../io/json.js';
import { derivePlan } from '../../plan/derive.js';
import { checkDrift, formatDrifts } from '../../plan/drift.js';
import { formatSummary } from '../../plan/format-summary.js';
import { registerPlan } from '../../plan/register.js';
import { type CliIo, type Command, EXIT_BLOCKED } from '../command.js';

async function check(planFile: string, io: CliIo): Promise<number> {
  const plan = await readArtifact(resolve(io.cwd, planFile), PlanSchema);
  const drifts = await checkDrift({ plan, root: io.cwd });
  if (drifts.length > 0) {
    throw new CrossoverError('drift', `${planFile}: plan ${digestOf(plan)} has drifted\n${formatDrifts(drifts)}`);
  }
  io.out(`${planFile}: plan ${digestOf(plan)} matches ${plan.experiment.file} and the disk: no drift\n`);
  return 0;
}

export const planCommand: Command = {
  usage: 'plan <experiment.ts> [--out plan.json] [--json] | plan --check <plan.json>',
  async run(argv, io) {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, json: { type: 'boolean', default: false }, check: { type: 'string' } },
    });
    if (values.check !== undefined) return check(values.check, io);
    const [experimentFile] = positionals;
    if (!experimentFile)
      throw new CrossoverError('invalid-input', 'expected an experiment file, e.g. crossover plan experiments/demo.ts');
    const derived = await derivePlan({ experimentFile: resolve(io.cwd, experimentFile), root: io.cwd });
    // Written blocked or runnable: `crossover approve` reads it, and `crossover run` runs it.
    const registered = relative(io.cwd, await registerPlan(io.cwd, derived.plan, derived.id));
    if (values.out !== undefined) await writeFileAtomic(resolve(io.cwd, values.out), prettyJson(derived.plan));
    io.out(values.json ? prettyJson(derived.plan) : formatSummary(derived.summary));
    const say = values.json ? io.err : io.out;
    say(`wrote ${registered}${values.out !== undefined ? ` and ${values.out}` : ''}\n`);
    // A script gating on this command must not read a blocked plan as runnable: the same exit code
    // as `crossover run` refusing it.
    if (!derived.runnable) {
      io.err(`crossover plan: plan ${derived.id} is blocked\n  - ${derived.blocked.join('\n  - ')}\n`);
      return EXIT_BLOCKED;
    }
    say(`next: crossover run ${experimentFile}\n`);
    return 0;
  },
};
