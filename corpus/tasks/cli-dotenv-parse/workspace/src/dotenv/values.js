import { EnvSyntaxError } from './errors.js';

const ESCAPES = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ESCAPE_OR_VARIABLE = /\\(.)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/gs;

/** ${VAR} from the variables defined so far; an unknown variable expands to ''. */
function expand(value, defined) {
  return value.replace(VARIABLE, (_, name) => defined[name] ?? '');
}

/** Escapes and ${VAR} in one pass, so an escaped \$ stays a literal dollar sign. */
function expandDoubleQuoted(body, defined) {
  return body.replace(ESCAPE_OR_VARIABLE, (match, escaped, name) =>
    escaped !== undefined ? (ESCAPES[escaped] ?? match) : (defined[name] ?? ''),
  );
}

/** The value of one entry: everything after the '=', as written in the file. */
export function parseValue(raw, defined) {
  const value = raw.trim();
  const quote = value[0];
  if (quote === "'" || quote === '"') {
    if (value.length < 2 || !value.endsWith(quote)) {
      throw new EnvSyntaxError(`unexpected characters after the closing ${quote === '"' ? 'double' : 'single'} quote`);
    }
    const body = value.slice(1, -1);
    return quote === "'" ? body : expandDoubleQuoted(body, defined);
  }
  if (value.includes('"') || value.includes("'")) {
    throw new EnvSyntaxError(`quotes must enclose the whole value: ${JSON.stringify(value)}`);
  }
  return expand(value, defined);
}
