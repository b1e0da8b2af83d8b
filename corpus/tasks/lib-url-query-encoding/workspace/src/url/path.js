import { encodeComponent } from './encode.js';

/**
 * Replaces `:name` segments in a path template with encoded values.
 * A missing or empty parameter is a programming error, so it throws.
 */
export function expandPath(template, params = {}) {
  return template.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_match, name) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    }
    return encodeComponent(String(value));
  });
}
