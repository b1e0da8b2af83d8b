/** Ids of events already applied, so a redelivery is not applied twice. */
export function createProcessedEvents() {
  const seen = new Set();
  return {
    has: (id) => seen.has(id),
    add: (id) => seen.add(id),
  };
}
