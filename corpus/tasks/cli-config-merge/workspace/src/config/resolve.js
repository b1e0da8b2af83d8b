import { deepMerge } from '../utils/merge.js';
import { defaults } from './defaults.js';
import { readConfigFile } from './sources/file.js';
import { readEnv } from './sources/env.js';
import { readFlags } from './sources/flags.js';
import { validateConfig } from './validate.js';

/**
 * Resolves the effective configuration: defaults < file < environment < flags.
 * Returns the config and, for `sitegen config`, where the file came from.
 */
export async function resolveConfig({ cwd, env, flags, configPath }) {
  const file = await readConfigFile(cwd, configPath);
  const layers = [
    { name: 'defaults', values: defaults },
    { name: file.path ?? 'config file', values: file.values },
    { name: 'environment', values: readEnv(env) },
    { name: 'flags', values: readFlags(flags) },
  ];
  for (const layer of layers.slice(1)) validateConfig(layer.values, layer.name);
  const config = layers.reduce((merged, layer) => deepMerge(merged, layer.values), {});
  return { config, file: file.path };
}
