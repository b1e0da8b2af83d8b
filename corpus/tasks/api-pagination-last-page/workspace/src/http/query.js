import { config } from '../config.js';
import { badRequest } from './errors.js';

function positiveInt(query, name, fallback) {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badRequest(`${name} must be a positive integer`);
  return Number(raw);
}

/** Reads `page` and `pageSize` from the query string; oversized pages are clamped, not rejected. */
export function readPageParams(query) {
  const { defaultPageSize, maxPageSize } = config.pagination;
  const page = positiveInt(query, 'page', 1);
  const pageSize = Math.min(positiveInt(query, 'pageSize', defaultPageSize), maxPageSize);
  return { page, pageSize };
}

export function readSort(query, allowed) {
  const sort = query.get('sort') ?? allowed[0];
  if (!allowed.includes(sort)) throw badRequest(`sort must be one of ${allowed.join(', ')}`);
  return sort;
}
