import { TYPES } from './types.js';

/**
 * Checks merged variables against a schema. Empty values count as unset. Returns the variables
 * with defaults filled in and one problem string per violation.
 */
export function validateAgainstSchema(vars, schema) {
  const values = { ...vars };
  const problems = [];
  for (const [name, rule] of Object.entries(schema)) {
    const value = vars[name];
    if (value === undefined || value === '') {
      if (rule.default !== undefined) values[name] = String(rule.default);
      else if (rule.required) problems.push(`${name}: required but not set`);
      continue;
    }
    const expected = TYPES[rule.type](value);
    if (expected) problems.push(`${name}: expected ${expected}, got ${JSON.stringify(value)}`);
  }
  return { values, problems };
}
