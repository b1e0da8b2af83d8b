import { badRequest } from '../http/errors.js';

const invalid = (field) => badRequest('invalid event', { field });

/** Parses a delivery body into `{ id, type, created, object }`, or throws a 400 naming the field. */
export function parseEnvelope(rawBody) {
  let event;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw invalid('body');
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) throw invalid('body');
  if (typeof event.id !== 'string' || event.id === '') throw invalid('id');
  if (typeof event.type !== 'string') throw invalid('type');
  if (!Number.isInteger(event.created)) throw invalid('created');
  const object = event.data?.object;
  if (object === null || typeof object !== 'object' || Array.isArray(object)) throw invalid('data.object');
  return { id: event.id, type: event.type, created: event.created, object };
}
