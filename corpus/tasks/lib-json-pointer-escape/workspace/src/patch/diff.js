import { appendToken } from '../pointer/format.js';
import { cloneJson } from '../util/clone.js';
import { jsonEqual } from '../util/equal.js';
import { isPlainObject } from '../util/types.js';

function diffObjects(ops, from, to, pointer) {
  for (const key of Object.keys(from)) {
    if (!Object.hasOwn(to, key)) ops.push({ op: 'remove', path: appendToken(pointer, key) });
  }
  for (const key of Object.keys(to)) {
    const path = appendToken(pointer, key);
    if (!Object.hasOwn(from, key)) ops.push({ op: 'add', path, value: cloneJson(to[key]) });
    else diffValues(ops, from[key], to[key], path);
  }
}

// Position by position; new elements are appended with '-', surplus ones removed from the end.
function diffArrays(ops, from, to, pointer) {
  const common = Math.min(from.length, to.length);
  for (let i = 0; i < common; i += 1) diffValues(ops, from[i], to[i], appendToken(pointer, i));
  for (let i = common; i < to.length; i += 1) ops.push({ op: 'add', path: appendToken(pointer, '-'), value: cloneJson(to[i]) });
  for (let i = from.length - 1; i >= to.length; i -= 1) ops.push({ op: 'remove', path: appendToken(pointer, i) });
}

function diffValues(ops, from, to, pointer) {
  if (jsonEqual(from, to)) return;
  if (Array.isArray(from) && Array.isArray(to)) diffArrays(ops, from, to, pointer);
  else if (isPlainObject(from) && isPlainObject(to)) diffObjects(ops, from, to, pointer);
  else ops.push({ op: 'replace', path: pointer, value: cloneJson(to) });
}

/** A patch that turns `from` into `to`. */
export function diff(from, to) {
  const ops = [];
  diffValues(ops, from, to, '');
  return ops;
}
