/** An error with an HTTP status and a machine-readable code, raised by handlers. */
export class HttpError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }

  toBody() {
    return { error: { code: this.code, message: this.message } };
  }
}

/** A dependency (the warehouse) failed or timed out. */
export class UpstreamError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

/** The response for any error a handler raised: its own status, 502 for upstream failures, else 500. */
export function toErrorResponse(err) {
  if (err instanceof HttpError) return { status: err.status, body: err.toBody() };
  if (err instanceof UpstreamError) {
    return { status: 502, body: { error: { code: 'upstream_unavailable', message: err.message } } };
  }
  return { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } };
}
