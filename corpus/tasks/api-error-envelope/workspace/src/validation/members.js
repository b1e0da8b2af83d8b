import { check, oneOf, string } from './schema.js';

const memberShape = {
  name: string({ max: 120 }),
  type: oneOf(['adult', 'child']),
};

export const readNewMember = (body) => check(memberShape, body);
export const readLoanRequest = (body) => check({ copyId: string({ max: 40 }) }, body);
export const readReservationRequest = (body) => check({ bookId: string({ max: 40 }) }, body);
