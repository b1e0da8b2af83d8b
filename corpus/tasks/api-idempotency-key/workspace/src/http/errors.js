/** An error with an HTTP status and the API's error body. */
export class ApiError extends Error {
  constructor(status, type, message, extra = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.extra = extra;
  }

  toBody() {
    return { error: { type: this.type, ...this.extra, message: this.message } };
  }
}

export const invalidRequest = (message, param) =>
  new ApiError(400, 'invalid_request_error', message, param ? { param } : {});

export const notFound = (message) => new ApiError(404, 'invalid_request_error', message, { code: 'resource_missing' });

export const unauthenticated = (message) => new ApiError(401, 'authentication_error', message);
