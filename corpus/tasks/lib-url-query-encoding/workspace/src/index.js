export { createClient } from './client.js';
export { ApiError } from './http/errors.js';
export { buildUrl } from './url/buildUrl.js';
export { serializeQuery } from './url/query.js';
export { paginate } from './pagination.js';
