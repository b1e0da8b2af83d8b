export class HttpError extends Error {
  constructor(status, message, details = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
  }
}

export const badRequest = (message, details) => new HttpError(400, message, details);
export const unauthorized = (message) => new HttpError(401, message);
export const notFound = (message = 'not found') => new HttpError(404, message);
export const conflict = (message, details) => new HttpError(409, message, details);
