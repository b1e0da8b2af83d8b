import { UsageError } from '../../utils/errors.js';
import { kebabToCamel, setPath } from '../../utils/paths.js';
import { coerceValue } from '../coerce.js';
import { typeAt } from '../schema.js';

/** Short flags for the keys people set most often. */
export const SHORTHANDS = {
  port: 'server.port',
  host: 'server.host',
  open: 'server.open',
  out: 'build.outDir',
  drafts: 'build.drafts',
};

/** --build.out-dir and --build.outDir both mean build.outDir. */
function pathOf(flag) {
  const dotted = SHORTHANDS[flag] ?? flag;
  return dotted.split('.').map(kebabToCamel);
}

/** The configuration layer set through flags (command flags already removed). */
export function readFlags(flags = {}) {
  const layer = {};
  for (const [flag, raw] of Object.entries(flags)) {
    const path = pathOf(flag);
    const type = typeAt(path);
    if (type === undefined || type === 'object') throw new UsageError(`unknown flag --${flag}`);
    setPath(layer, path, coerceValue(raw, type, `flag --${flag}`));
  }
  return layer;
}
