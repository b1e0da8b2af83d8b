import { readJson } from '../http/request.js';
import { sendJson } from '../http/respond.js';
import { requireStaff } from '../middleware/staff-auth.js';
import { readBookChanges, readNewBook } from '../validation/books.js';

export function registerBookRoutes(router, { books }) {
  router.get('/books', ({ res }) => sendJson(res, 200, { data: books.list() }));

  router.get('/books/:id', ({ res, params }) => sendJson(res, 200, books.detail(params.id)));

  router.post(
    '/books',
    requireStaff(async ({ req, res }) => {
      const book = books.create(readNewBook(await readJson(req)));
      sendJson(res, 201, book, { location: `/books/${book.id}` });
    }),
  );

  router.patch(
    '/books/:id',
    requireStaff(async ({ req, res, params }) => {
      sendJson(res, 200, books.update(params.id, readBookChanges(await readJson(req))));
    }),
  );
}
