import { EnvSyntaxError } from './errors.js';
import { logicalLines } from './lines.js';
import { parseValue } from './values.js';

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Files shared with a shell may write `export KEY=value`.
const EXPORT_PREFIX = /^export\s+/;

/** Splits one entry into its key and the raw text of its value. */
function parseEntry(text) {
  const eq = text.indexOf('=');
  if (eq === -1) throw new EnvSyntaxError(`expected KEY=VALUE, got ${JSON.stringify(text)}`);
  const key = text.slice(0, eq).trim().replace(EXPORT_PREFIX, '');
  if (!KEY.test(key)) throw new EnvSyntaxError(`invalid variable name ${JSON.stringify(key)}`);
  return { key, raw: text.slice(eq + 1) };
}

/**
 * Parses .env text into `{ KEY: value }` in file order. `context` holds variables from earlier
 * files, available to ${VAR} expansion. Throws EnvSyntaxError, with the line the bad entry
 * starts on, on the first bad entry.
 */
export function parseDotenv(source, context = {}) {
  const vars = {};
  for (const entry of logicalLines(source)) {
    try {
      const { key, raw } = parseEntry(entry.text);
      vars[key] = parseValue(raw, { ...context, ...vars });
    } catch (err) {
      if (err instanceof EnvSyntaxError && err.line === null) throw new EnvSyntaxError(err.message, entry.line);
      throw err;
    }
  }
  return vars;
}
