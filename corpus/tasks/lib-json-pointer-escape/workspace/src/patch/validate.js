import { PatchError } from '../errors.js';
import { isPlainObject } from '../util/types.js';

const NEEDS_VALUE = new Set(['add', 'replace', 'test']);
const NEEDS_FROM = new Set(['move', 'copy']);
const KNOWN = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** Checks the shape of one operation (RFC 6902 §4); returns it unchanged. */
export function validateOperation(operation, index) {
  if (!isPlainObject(operation)) throw new PatchError('an operation must be an object', index, undefined);
  const { op, path } = operation;
  if (!KNOWN.has(op)) throw new PatchError(`unknown op ${JSON.stringify(op)}`, index, path);
  if (typeof path !== 'string') throw new PatchError('"path" must be a string', index, path);
  if (NEEDS_VALUE.has(op) && !Object.hasOwn(operation, 'value')) throw new PatchError(`"${op}" needs a "value"`, index, path);
  if (NEEDS_FROM.has(op) && typeof operation.from !== 'string') throw new PatchError(`"${op}" needs a "from" pointer`, index, path);
  return operation;
}
