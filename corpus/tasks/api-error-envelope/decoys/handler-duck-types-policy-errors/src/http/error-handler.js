import { AppError } from './errors.js';
import { sendJson } from './respond.js';

/** The documented envelope for an error; unexpected errors never leak their message. */
export function toErrorBody(err) {
  // Lending rules throw their own error type carrying a documented status and code.
  if (err instanceof AppError || (Number.isInteger(err?.status) && typeof err?.code === 'string')) {
    const error = { code: err.code, message: err.message };
    if (err.details !== undefined) error.details = err.details;
    return { status: err.status, body: { error } };
  }
  return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } };
}

export function sendError(res, err) {
  if (!(err instanceof AppError)) console.error(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = toErrorBody(err);
  sendJson(res, status, body);
}
