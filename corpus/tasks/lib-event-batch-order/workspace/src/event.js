const NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Builds the wire form of an event; `seq` orders events from one tracker. */
export function createEvent(seq, name, properties, timestamp) {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new TypeError(`event name must be snake_case, 1-64 characters, got ${JSON.stringify(name)}`);
  }
  if (properties !== undefined && (properties === null || typeof properties !== 'object' || Array.isArray(properties))) {
    throw new TypeError('event properties must be an object');
  }
  return { seq, name, properties: { ...properties }, timestamp: new Date(timestamp).toISOString() };
}
