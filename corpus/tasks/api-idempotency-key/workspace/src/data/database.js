import { createIdGenerator } from '../utils/ids.js';

/** In-memory tables for one server instance. Objects are stored per account. */
export function createDatabase(accounts) {
  const byKey = new Map();
  for (const account of accounts) for (const key of account.secretKeys) byKey.set(key, account);
  const tables = { charges: new Map(), refunds: new Map(), customers: new Map() };

  return {
    nextId: createIdGenerator(),
    accountByKey: (key) => byKey.get(key),
    insert(table, record) {
      tables[table].set(record.id, record);
      return record;
    },
    find(table, accountId, id) {
      const record = tables[table].get(id);
      return record && record.account === accountId ? record : undefined;
    },
    list(table, accountId) {
      return [...tables[table].values()].filter((record) => record.account === accountId);
    },
  };
}
