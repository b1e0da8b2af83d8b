import { readPageParams } from '../http/query.js';
import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { paginate, isPageInRange } from '../utils/pagination.js';
import { toPublicProduct } from '../models/product.js';

/** Sends one page of products in the shared list envelope. */
export function sendProductPage(res, query, items) {
  const result = paginate(items, readPageParams(query));
  if (!isPageInRange(result)) throw notFound('page out of range');
  sendJson(res, 200, { data: result.data.map(toPublicProduct), pagination: result.pagination });
}
