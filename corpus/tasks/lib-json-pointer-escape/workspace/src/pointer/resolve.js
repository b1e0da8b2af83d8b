import { PointerError } from '../errors.js';
import { describe, isContainer } from '../util/types.js';
import { arrayIndex } from './array-index.js';
import { parsePointer } from './parse.js';

/** The key or index `token` names in `container`, checked to exist. */
export function childKey(container, token, pointer) {
  if (Array.isArray(container)) return arrayIndex(token, container, pointer);
  if (!Object.hasOwn(container, token)) throw new PointerError(`no member ${JSON.stringify(token)}`, pointer);
  return token;
}

/** Walks `tokens` from `doc`; throws PointerError if a step does not exist. */
export function walk(doc, tokens, pointer) {
  let value = doc;
  for (const token of tokens) {
    if (!isContainer(value)) throw new PointerError(`cannot look up ${JSON.stringify(token)} in a ${describe(value)}`, pointer);
    value = value[childKey(value, token, pointer)];
  }
  return value;
}

export function getValue(doc, pointer) {
  return walk(doc, parsePointer(pointer), pointer);
}

export function hasValue(doc, pointer) {
  try {
    getValue(doc, pointer);
    return true;
  } catch (err) {
    if (err instanceof PointerError) return false;
    throw err;
  }
}

/** The container holding the value at `tokens`, and the last token: where an operation acts. */
export function locateParent(doc, tokens, pointer) {
  if (tokens.length === 0) throw new PointerError('the whole document has no parent', pointer);
  const parent = walk(doc, tokens.slice(0, -1), pointer);
  if (!isContainer(parent)) throw new PointerError(`the parent is a ${describe(parent)}, not an object or array`, pointer);
  return { parent, token: tokens[tokens.length - 1] };
}
