import { seed } from './seed.js';

function table(rows) {
  const byId = new Map(rows.map((row) => [row.id, { ...row }]));
  return {
    all: () => [...byId.values()].map((row) => ({ ...row })),
    where: (predicate) => [...byId.values()].filter(predicate).map((row) => ({ ...row })),
    get: (id) => (byId.has(id) ? { ...byId.get(id) } : null),
    insert(row) {
      byId.set(row.id, { ...row });
      return { ...row };
    },
    update(id, changes) {
      const next = { ...byId.get(id), ...changes };
      byId.set(id, next);
      return { ...next };
    },
    delete: (id) => byId.delete(id),
  };
}

/** An in-memory database seeded with the demo data; rows are copied in and out. */
export function createDatabase(data = seed) {
  return Object.fromEntries(Object.entries(data).map(([name, rows]) => [name, table(rows)]));
}
