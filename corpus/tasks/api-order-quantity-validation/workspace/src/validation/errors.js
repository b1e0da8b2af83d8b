/** A request that failed validation; `fields` maps a field path (`items[0].sku`) to a message. */
export class ValidationError extends Error {
  constructor(fields) {
    super('validation failed');
    this.name = 'ValidationError';
    this.fields = fields;
  }
}

/** Collects field errors so a client hears about every bad field in one response. */
export function collectErrors() {
  const fields = {};
  return {
    add(path, message) {
      if (!(path in fields)) fields[path] = message;
    },
    throwIfAny() {
      if (Object.keys(fields).length > 0) throw new ValidationError({ ...fields });
    },
  };
}
