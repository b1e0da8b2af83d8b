import { createBookService } from './books.js';
import { createBranchService } from './branches.js';
import { createMemberService } from './members.js';
import { createFineService } from './fines.js';
import { createLoanService } from './loans.js';
import { createReservationService } from './reservations.js';
import { createSearchService } from './search.js';
import { createReportService } from './reports.js';

/** Wires every service over one database and clock. */
export function createServices({ db, clock }) {
  const books = createBookService({ db });
  const branches = createBranchService({ db });
  const members = createMemberService({ db });
  const fines = createFineService({ db });
  const loans = createLoanService({ db, clock, fines });
  const reservations = createReservationService({ db, clock, fines, books });
  const search = createSearchService({ db });
  const reports = createReportService({ db, clock });
  return { books, branches, members, fines, loans, reservations, search, reports };
}
