/** JSON persistence in a Storage (localStorage) under one key; tolerates corrupt data. */
export function createLocalStorage(storage, key) {
  return {
    read() {
      try {
        const parsed = JSON.parse(storage.getItem(key) ?? 'null');
        return Array.isArray(parsed?.notes) ? parsed : null;
      } catch {
        return null;
      }
    },
    write(state) {
      storage.setItem(key, JSON.stringify(state));
    },
  };
}
