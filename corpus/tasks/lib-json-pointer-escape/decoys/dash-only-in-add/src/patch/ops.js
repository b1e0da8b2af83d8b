import { OperationError } from '../errors.js';
import { arrayIndex } from '../pointer/array-index.js';
import { parsePointer } from '../pointer/parse.js';
import { childKey, getValue, locateParent } from '../pointer/resolve.js';
import { cloneJson } from '../util/clone.js';
import { jsonEqual } from '../util/equal.js';

// Each operation takes the working document and returns it (a new root when the root is replaced).

function add(doc, { path, value }) {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return cloneJson(value);
  const { parent, token } = locateParent(doc, tokens, path);
  if (Array.isArray(parent)) {
    // '-' appends (RFC 6902 §4.1).
    const index = token === '-' ? parent.length : arrayIndex(token, parent, path, { allowEnd: true });
    parent.splice(index, 0, cloneJson(value));
  } else {
    parent[token] = cloneJson(value);
  }
  return doc;
}

function remove(doc, { path }) {
  const tokens = parsePointer(path);
  if (tokens.length === 0) throw new OperationError('cannot remove the whole document');
  const { parent, token } = locateParent(doc, tokens, path);
  const key = childKey(parent, token, path);
  if (Array.isArray(parent)) parent.splice(key, 1);
  else delete parent[key];
  return doc;
}

function replace(doc, { path, value }) {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return cloneJson(value);
  const { parent, token } = locateParent(doc, tokens, path);
  parent[childKey(parent, token, path)] = cloneJson(value);
  return doc;
}

function move(doc, { from, path }) {
  if (path.startsWith(`${from}/`)) throw new OperationError(`cannot move ${JSON.stringify(from)} into itself`);
  const value = getValue(doc, from);
  if (from === path) return doc;
  return add(remove(doc, { path: from }), { path, value });
}

function copy(doc, { from, path }) {
  return add(doc, { path, value: getValue(doc, from) });
}

function test(doc, { path, value }) {
  if (!jsonEqual(getValue(doc, path), value)) throw new OperationError('test failed: the value differs');
  return doc;
}

export const OPERATIONS = { add, remove, replace, move, copy, test };
