export const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

export const isContainer = (value) => value !== null && typeof value === 'object';

/** 'array', 'object', 'null', 'string', …: for error messages. */
export function describe(value) {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}
