import type { Json } from './paths.js';

/** Whether two leaves hold the same value. */
export function sameLeaf(a: Json, b: Json): boolean {
  return a === b;
}
