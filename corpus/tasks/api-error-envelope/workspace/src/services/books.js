import { NotFoundError } from '../http/errors.js';
import { newId } from '../utils/ids.js';

export function createBookService({ db }) {
  function activeLoanFor(copyId) {
    return db.loans.where((l) => l.copyId === copyId && l.returnedOn === null)[0] ?? null;
  }

  function withAvailability(book) {
    const copies = db.copies.where((c) => c.bookId === book.id).map((c) => ({ ...c, onLoan: activeLoanFor(c.id) !== null }));
    return { ...book, copies, available: copies.filter((c) => !c.onLoan).length };
  }

  function get(id) {
    const book = db.books.get(id);
    if (!book) throw new NotFoundError(`No book ${id}`);
    return book;
  }

  return {
    list: () => db.books.all().map(withAvailability),
    get,
    detail: (id) => withAvailability(get(id)),
    create: (fields) => db.books.insert({ id: newId('bk'), ...fields }),
    update(id, changes) {
      get(id);
      return db.books.update(id, changes);
    },
    activeLoanFor,
    availableCopies: (bookId) => withAvailability(get(bookId)).available,
  };
}
