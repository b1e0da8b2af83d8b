export class HttpError extends Error {
  constructor(status, message, details = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
  }
}

export const badRequest = (message) => new HttpError(400, message);
export const notFound = (message = 'not found') => new HttpError(404, message);
export const conflict = (message, details) => new HttpError(409, message, details);
