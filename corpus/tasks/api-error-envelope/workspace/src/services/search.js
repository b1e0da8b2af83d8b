import { ValidationError } from '../http/errors.js';

function normalise(text) {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function createSearchService({ db }) {
  return {
    /** Matches every word of the query against title and author. */
    books(q) {
      if (typeof q !== 'string' || q.trim().length < 2) {
        throw new ValidationError([{ field: 'q', message: 'must be at least 2 characters' }]);
      }
      const words = normalise(q).split(/\s+/).filter(Boolean);
      return db.books.where((book) => {
        const haystack = normalise(`${book.title} ${book.author}`);
        return words.every((word) => haystack.includes(word));
      });
    },
  };
}
