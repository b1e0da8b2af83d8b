/** An error response from the Bookshelf API. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  static from(status, payload) {
    const error = payload && typeof payload === 'object' ? payload.error : undefined;
    return new ApiError(
      status,
      error?.code ?? `http_${status}`,
      error?.message ?? (typeof payload === 'string' && payload !== '' ? payload : `Request failed with status ${status}`),
    );
  }
}
