import { ApiError } from '../http/errors.js';
import { respond } from '../http/response.js';

/** Outermost middleware: turns thrown errors into the API's error body. */
export function errorHandler() {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof ApiError) {
        respond(ctx, err.status, err.toBody());
        return;
      }
      console.error(err);
      respond(ctx, 500, { error: { type: 'api_error', message: 'An unexpected error occurred.' } });
    }
  };
}
