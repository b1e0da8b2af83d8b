import { dequal } from 'dequal';
import type { Json } from './paths.js';

/** Whether two leaves hold the same value: arrays and objects by their contents, not identity. */
export function sameLeaf(a: Json, b: Json): boolean {
  return dequal(a, b);
}
