/**
 * Iterates over every item of an offset/limit list endpoint, e.g.
 * `for await (const author of paginate(client.authors.list, { active: true }))`.
 */
export async function* paginate(listMethod, params = {}, { pageSize = 50 } = {}) {
  let offset = params.offset ?? 0;
  for (;;) {
    const page = await listMethod({ ...params, offset, limit: pageSize });
    const items = Array.isArray(page) ? page : page.items ?? [];
    yield* items;
    if (items.length < pageSize) return;
    offset += items.length;
  }
}
