export class HttpError extends Error {
  constructor(status, message, extra = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
  }

  body() {
    return { error: this.message, ...this.extra };
  }
}

export const badRequest = (message) => new HttpError(400, message);
export const unauthorized = (message = 'unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'forbidden') => new HttpError(403, message);
export const notFound = (message = 'not found') => new HttpError(404, message);
export const conflict = (message) => new HttpError(409, message);

/** 400 with a message per offending field, the shape every client form understands. */
export const validationFailed = (fields) => new HttpError(400, 'validation failed', { fields });
