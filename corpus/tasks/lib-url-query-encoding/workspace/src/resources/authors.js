export function authorsResource(transport) {
  return {
    list(params = {}) {
      return transport.request('authors.list', { query: params });
    },

    books(authorId, params = {}) {
      return transport.request('authors.books', { pathParams: { authorId }, query: params });
    },
  };
}
