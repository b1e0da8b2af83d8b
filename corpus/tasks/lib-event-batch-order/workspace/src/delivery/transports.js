/** POSTs each batch as JSON; any non-2xx answer is a failed delivery (and is retried). */
export function httpTransport(url, { apiKey, fetchImpl = fetch } = {}) {
  return async (events) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ events }),
    });
    if (!response.ok) throw new Error(`ingest answered ${response.status}`);
  };
}

/** Keeps batches in memory: for tests and local development. */
export function memoryTransport() {
  const batches = [];
  const transport = async (events) => {
    batches.push(events);
  };
  return Object.assign(transport, { batches });
}
