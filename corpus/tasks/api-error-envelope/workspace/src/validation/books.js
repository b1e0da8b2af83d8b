import { check, integer, pattern, string } from './schema.js';

const bookShape = {
  title: string({ max: 300 }),
  author: string({ max: 200 }),
  isbn: pattern(/^97[89]\d{10}$/, 'a 13-digit ISBN starting 978 or 979'),
  year: integer({ min: 1450, max: 2100 }),
};

export const readNewBook = (body) => check(bookShape, body);
export const readBookChanges = (body) => check(bookShape, body, { partial: true });
