import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ConfigError } from '../../utils/errors.js';
import { isPlainObject } from '../../utils/objects.js';

export const DEFAULT_CONFIG_FILE = 'sitegen.config.json';

/**
 * Reads the config file. The default file is optional; a file named with
 * --config must exist.
 */
export async function readConfigFile(cwd, explicitPath) {
  const path = explicitPath ? (isAbsolute(explicitPath) ? explicitPath : join(cwd, explicitPath)) : join(cwd, DEFAULT_CONFIG_FILE);
  let text;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT' && !explicitPath) return { path: undefined, values: {} };
    throw new ConfigError(`cannot read config file ${path}: ${err.code ?? err.message}`);
  }
  let values;
  try {
    values = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${path}: invalid JSON (${err.message})`);
  }
  if (!isPlainObject(values)) throw new ConfigError(`${path}: expected a JSON object at the top level`);
  return { path, values };
}
