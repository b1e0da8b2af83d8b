import { TYPES } from './types.js';

/** Parses and checks a schema file: `{ VAR: { type, required?, default? } }`. Returns problems, not throws. */
export function parseSchema(text) {
  let schema;
  try {
    schema = JSON.parse(text);
  } catch (err) {
    return { schema: null, problems: [`not valid JSON (${err.message})`] };
  }
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { schema: null, problems: ['expected an object of variables'] };
  const problems = [];
  for (const [name, rule] of Object.entries(schema)) {
    if (!rule || typeof rule !== 'object') problems.push(`${name}: expected an object`);
    else if (!Object.hasOwn(TYPES, rule.type)) problems.push(`${name}: unknown type ${JSON.stringify(rule.type)} (${Object.keys(TYPES).join(', ')})`);
  }
  return { schema: problems.length ? null : schema, problems };
}
