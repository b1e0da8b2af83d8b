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
  const url = search === '' ? joinPath(baseUrl, path) : `${joinPath(baseUrl, path)}?${search}`;
  // Base URLs come from user config and sometimes contain spaces or accents;
  // make sure whatever we hand to fetch is a valid URL.
  return encodeURI(url);
}
