/** Sequential, zero-padded ids (`ord_0001`), readable on packing slips. */
export function createIdSequence(prefix) {
  let next = 1;
  return () => `${prefix}_${String(next++).padStart(4, '0')}`;
}
