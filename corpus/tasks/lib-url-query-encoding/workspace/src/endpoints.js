/**
 * The API surface, one entry per endpoint. `query` lists the parameters an
 * endpoint accepts; `comma` lists the array parameters the API expects
 * comma-joined rather than repeated.
 */
export const endpoints = {
  'books.search': { method: 'GET', path: '/books', query: ['q', 'tags', 'author', 'year', 'sort', 'fields', 'since'], comma: ['fields'] },
  'books.get': { method: 'GET', path: '/books/:isbn' },
  'authors.list': { method: 'GET', path: '/authors', query: ['q', 'active', 'minBooks', 'offset', 'limit'] },
  'authors.books': { method: 'GET', path: '/authors/:authorId/books', query: ['sort'] },
  'shelves.items': { method: 'GET', path: '/shelves/:shelf/items', query: ['status', 'tags'] },
  'shelves.add': { method: 'POST', path: '/shelves/:shelf/items' },
};
