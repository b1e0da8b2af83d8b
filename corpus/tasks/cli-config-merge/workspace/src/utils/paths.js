import { isPlainObject } from './objects.js';

export function getPath(object, path) {
  let current = object;
  for (const key of path) {
    if (!isPlainObject(current) || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** Sets `path` in `object`, creating intermediate objects. */
export function setPath(object, path, value) {
  let current = object;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(current[key])) current[key] = {};
    current = current[key];
  }
  current[path.at(-1)] = value;
  return object;
}

/** OUT_DIR -> outDir */
export function snakeToCamel(text) {
  return text.toLowerCase().replace(/_([a-z0-9])/g, (_m, ch) => ch.toUpperCase());
}

/** out-dir -> outDir (already camelCase input is left alone) */
export function kebabToCamel(text) {
  return text.replace(/-([a-zA-Z0-9])/g, (_m, ch) => ch.toUpperCase());
}
