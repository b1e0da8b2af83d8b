/** Sequential, prefixed object ids (ch_000001, re_000001, …), one sequence per prefix. */
export function createIdGenerator() {
  const counters = new Map();
  return (prefix) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    return `${prefix}_${String(next).padStart(6, '0')}`;
  };
}
