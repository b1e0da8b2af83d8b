import { expandPath } from './path.js';
import { serializeQuery } from './query.js';

function joinPath(baseUrl, path) {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Builds the full request URL for an endpoint: base URL, expanded path
 * template and serialized query.
 */
export function buildUrl(baseUrl, pathTemplate, { pathParams = {}, query, commaArrays = [] } = {}) {
  const path = expandPath(pathTemplate, pathParams);
  const search = query ? serializeQuery(query, { commaArrays }) : '';
  // Path and query are already encoded; encoding the whole URL again would
  // turn every "%" into "%25".
  return search === '' ? joinPath(baseUrl, path) : `${joinPath(baseUrl, path)}?${search}`;
}
