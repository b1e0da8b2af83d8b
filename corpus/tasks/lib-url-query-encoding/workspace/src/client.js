import { createTransport } from './http/transport.js';
import { booksResource } from './resources/books.js';
import { authorsResource } from './resources/authors.js';
import { shelvesResource } from './resources/shelves.js';

/**
 * Creates a Bookshelf API client. Resources share one transport, so the base
 * URL, token and fetch implementation are configured once.
 */
export function createClient(options = {}) {
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '') {
    throw new TypeError('createClient: baseUrl is required');
  }
  const transport = createTransport(options);
  return {
    books: booksResource(transport),
    authors: authorsResource(transport),
    shelves: shelvesResource(transport),
  };
}
