/**
 * Errors that map to a documented HTTP answer (docs/errors.md). Anything else that escapes a
 * handler is a bug and becomes a 500 `internal`.
 */
export class AppError extends Error {
  constructor(status, code, message, details = undefined) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export class InvalidJsonError extends AppError {
  constructor() {
    super(400, 'invalid_json', 'The request body is not valid JSON');
  }
}

export class ValidationError extends AppError {
  constructor(details) {
    super(400, 'validation_failed', 'Some fields are missing or invalid', details);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, 'unauthenticated', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(code, message) {
    super(409, code, message);
  }
}
