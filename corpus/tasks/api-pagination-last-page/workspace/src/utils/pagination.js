/**
 * Cuts one page out of an already filtered and sorted list and describes where it sits.
 * Pages are 1-based. Every list endpoint goes through here so clients see one contract.
 */
export function paginate(items, { page, pageSize }) {
  const total = items.length;
  const totalPages = Math.floor(total / pageSize) + 1;
  const start = (page - 1) * pageSize;
  const hasMore = page < totalPages;

  return {
    data: items.slice(start, start + pageSize),
    pagination: {
      page,
      pageSize,
      total,
      totalPages,
      hasMore,
      nextPage: hasMore ? page + 1 : null,
    },
  };
}

/** A page after the last one is an error; an empty list still has its (empty) first page. */
export function isPageInRange(result) {
  return result.pagination.page <= result.pagination.totalPages;
}
