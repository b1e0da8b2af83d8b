import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prettyJson } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import type { ProviderInstall } from '../../contracts/provider.js';
import { writeArtifact } from '../../io/json.js';
import { providerPrefix } from '../../io/provider-install.js';
import { installProvider } from '../../providers/install.js';
import { RECIPES, recipeDeclaration } from '../../providers/recipes.js';
import type { CliIo, Command } from '../command.js';

/** `@scope/name@1.2.3` (npm) or `pypi:name@1.2.3` → what to install; the version must be exact. */
function parseTarget(target: string | undefined): ProviderInstall {
  const match = /^(pypi:)?((?:@[a-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*)@(\d+\.\d+\.\d+(?:[-+][\w.]+)?)$/.exec(
    target ?? '',
  );
  if (!match) {
    throw new CrossoverError(
      'invalid-input',
      `expected <npm package>@<exact version> or pypi:<package>@<exact version>, e.g. @colbymchenry/codegraph@1.6.1, got "${target ?? ''}"`,
    );
  }
  return { registry: match[1] ? 'pypi' : 'npm', package: match[2] as string, version: match[3] as string };
}

/**
 * The install with its scripts run (in bubblewrap) when asked (`--scripts`) or when a recipe of this
 * package version declares it needs them; otherwise none of its scripts runs.
 */
function withScripts(target: ProviderInstall, asked: boolean): ProviderInstall {
  const recipe = Object.values(RECIPES).find(
    ({ declaration }) =>
      declaration.install?.package === target.package && declaration.install.version === target.version,
  );
  return asked || recipe?.declaration.install?.scripts === true ? { ...target, scripts: true } : target;
}

async function install(argv: string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      scripts: { type: 'boolean' },
      requirements: { type: 'string' },
      'find-links': { type: 'string' },
    },
  });
  const target = withScripts(parseTarget(positionals[0]), values.scripts === true);
  const pip =
    values.requirements === undefined
      ? undefined
      : {
          requirements: resolve(io.cwd, values.requirements),
          ...(values['find-links'] === undefined ? {} : { findLinks: resolve(io.cwd, values['find-links']) }),
        };
  const { installed, fresh } = await installProvider({ root: io.cwd, install: target, ...(pip ? { pip } : {}) });
  if (values.json) io.out(prettyJson(installed));
  else {
    const bins = installed.bins.map((bin) => `  ${bin.name}: ${bin.executable} ${bin.digest}`).join('\n');
    io.out(
      `${fresh ? 'installed' : 'already installed'} ${target.package}@${target.version} in ${providerPrefix(io.cwd, target)}\n  integrity ${installed.integrity}\n  lockfile ${installed.lockDigest}\n${bins}\n`,
    );
  }
  return 0;
}

async function add(argv: string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  const name = positionals[0] ?? '';
  const declaration = recipeDeclaration(name);
  const recipe = RECIPES[name]!;
  if (values.out !== undefined) {
    await writeArtifact(resolve(io.cwd, values.out), declaration);
    io.out(`wrote ${values.out}: ${recipe.summary}\n`);
  } else io.out(prettyJson(declaration));
  if (!recipe.probed) io.err(`note: recipe ${name} is written from its documentation and was not probed here\n`);
  return 0;
}

function list(io: CliIo): number {
  for (const [name, recipe] of Object.entries(RECIPES))
    io.out(`${name}${recipe.probed ? '' : ' (not probed)'}: ${recipe.summary}\n`);
  return 0;
}

export const providersCommand: Command = {
  usage:
    'providers install <package>@<version> [--scripts] | pypi:<package>@<version> --requirements <hash-pinned file> [--find-links <dir>] [--json]\n' +
    '  providers add <recipe> [--out <provider.json>]\n' +
    '  providers recipes',
  async run(argv, io) {
    const [action, ...rest] = argv;
    if (action === 'install') return install(rest, io);
    if (action === 'add') return add(rest, io);
    if (action === 'recipes') return list(io);
    throw new CrossoverError(
      'invalid-input',
      `expected "providers install", "providers add" or "providers recipes", got "providers ${action ?? ''}"`,
    );
  },
};
