export function shelvesResource(transport) {
  return {
    items(shelf, params = {}) {
      return transport.request('shelves.items', { pathParams: { shelf }, query: params });
    },

    add(shelf, isbn) {
      return transport.request('shelves.add', { pathParams: { shelf }, body: { isbn } });
    },
  };
}
