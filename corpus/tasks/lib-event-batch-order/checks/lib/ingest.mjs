const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A fake ingest API. `latency(callIndex)` is how many event-loop turns a call takes, so a
 * slow first call lets later calls overtake it when they are allowed to run concurrently.
 * `failFirst` failures are thrown before anything is received.
 */
export function fakeIngest({ latency = () => 1, failFirst = 0 } = {}) {
  const received = [];
  let calls = 0;
  const transport = async (events) => {
    const index = calls;
    calls += 1;
    for (let i = 0; i < latency(index); i += 1) await tick();
    if (index < failFirst) throw new Error(`ingest answered 503 (call ${index})`);
    received.push(events.map((event) => event.seq));
  };
  return {
    transport,
    received,
    get calls() {
      return calls;
    },
    seqs: () => received.flat(),
  };
}

export const fixedClock = () => Date.UTC(2025, 2, 1, 12, 0, 0);
export { tick };
