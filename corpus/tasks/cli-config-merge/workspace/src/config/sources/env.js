import { ConfigError } from '../../utils/errors.js';
import { setPath, snakeToCamel } from '../../utils/paths.js';
import { coerceValue } from '../coerce.js';
import { typeAt } from '../schema.js';

const PREFIX = 'SITEGEN_';

/** SITEGEN_BUILD__OUT_DIR -> ['build', 'outDir'] */
function pathOf(name) {
  return name.slice(PREFIX.length).split('__').map(snakeToCamel);
}

/** The configuration layer set through SITEGEN_* environment variables. */
export function readEnv(env = {}) {
  const layer = {};
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(PREFIX) || raw === undefined) continue;
    const path = pathOf(name);
    const type = typeAt(path);
    if (type === undefined || type === 'object') {
      throw new ConfigError(`environment variable ${name}: unknown config key "${path.join('.')}"`);
    }
    setPath(layer, path, coerceValue(raw, type, `environment variable ${name}`));
  }
  return layer;
}
