export function booksResource(transport) {
  return {
    /** Full-text search over titles and authors, with optional filters. */
    search(params = {}) {
      return transport.request('books.search', { query: params });
    },

    get(isbn) {
      return transport.request('books.get', { pathParams: { isbn } });
    },
  };
}
