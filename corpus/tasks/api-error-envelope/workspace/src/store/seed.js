// Demo data for development and the kiosk simulator.
export const seed = {
  branches: [
    { id: 'br-central', name: 'Central Library', address: '1 Market Square', openingHours: 'Mon–Sat 09:00–19:00' },
    { id: 'br-river', name: 'Riverside', address: '48 Wharf Road', openingHours: 'Tue–Sat 10:00–17:00' },
  ],
  books: [
    { id: 'bk-1', title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', isbn: '9780441478125', year: 1969 },
    { id: 'bk-2', title: 'Small Gods', author: 'Terry Pratchett', isbn: '9780552152976', year: 1992 },
    { id: 'bk-3', title: 'The Remains of the Day', author: 'Kazuo Ishiguro', isbn: '9780571200733', year: 1989 },
    { id: 'bk-4', title: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', year: 1871 },
    { id: 'bk-5', title: 'Piranesi', author: 'Susanna Clarke', isbn: '9781526622426', year: 2020 },
    { id: 'bk-6', title: 'The Gruffalo', author: 'Julia Donaldson', isbn: '9781509804757', year: 1999 },
    { id: 'bk-7', title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin', isbn: '9780547773742', year: 1968 },
    { id: 'bk-8', title: 'Wolf Hall', author: 'Hilary Mantel', isbn: '9780007230204', year: 2009 },
  ],
  copies: [
    { id: 'cp-101', bookId: 'bk-1', branchId: 'br-central' },
    { id: 'cp-102', bookId: 'bk-1', branchId: 'br-river' },
    { id: 'cp-201', bookId: 'bk-2', branchId: 'br-central' },
    { id: 'cp-301', bookId: 'bk-3', branchId: 'br-central' },
    { id: 'cp-401', bookId: 'bk-4', branchId: 'br-river' },
    { id: 'cp-501', bookId: 'bk-5', branchId: 'br-central' },
    { id: 'cp-601', bookId: 'bk-6', branchId: 'br-central' },
    { id: 'cp-602', bookId: 'bk-6', branchId: 'br-river' },
    { id: 'cp-701', bookId: 'bk-7', branchId: 'br-central' },
    { id: 'cp-801', bookId: 'bk-8', branchId: 'br-central' },
    { id: 'cp-802', bookId: 'bk-8', branchId: 'br-river' },
    { id: 'cp-803', bookId: 'bk-8', branchId: 'br-river' },
  ],
  members: [
    { id: 'mb-ada', name: 'Ada Moss', type: 'adult', status: 'active', token: 'tok-ada-7f3k' },
    { id: 'mb-ben', name: 'Ben Moss', type: 'child', status: 'active', token: 'tok-ben-2q9z' },
    { id: 'mb-cleo', name: 'Cleo Barnes', type: 'adult', status: 'active', token: 'tok-cleo-5m1x' },
    { id: 'mb-dev', name: 'Dev Patel', type: 'adult', status: 'suspended', token: 'tok-dev-8r4w' },
    { id: 'mb-eve', name: 'Eve Carter', type: 'adult', status: 'active', token: 'tok-eve-3n6p' },
  ],
  loans: [
    // Ada: one loan renewed to the limit, one whose book Ben has reserved.
    { id: 'ln-1', copyId: 'cp-301', memberId: 'mb-ada', borrowedOn: '2025-01-06', dueOn: '2025-02-24', renewals: 2, returnedOn: null },
    { id: 'ln-2', copyId: 'cp-501', memberId: 'mb-ada', borrowedOn: '2025-02-01', dueOn: '2025-02-22', renewals: 0, returnedOn: null },
    // Eve is at the adult limit of 5.
    { id: 'ln-3', copyId: 'cp-801', memberId: 'mb-eve', borrowedOn: '2025-02-03', dueOn: '2025-02-24', renewals: 0, returnedOn: null },
    { id: 'ln-4', copyId: 'cp-802', memberId: 'mb-eve', borrowedOn: '2025-02-03', dueOn: '2025-02-24', renewals: 0, returnedOn: null },
    { id: 'ln-5', copyId: 'cp-803', memberId: 'mb-eve', borrowedOn: '2025-02-03', dueOn: '2025-02-24', renewals: 0, returnedOn: null },
    { id: 'ln-6', copyId: 'cp-401', memberId: 'mb-eve', borrowedOn: '2025-02-03', dueOn: '2025-02-24', renewals: 0, returnedOn: null },
    { id: 'ln-7', copyId: 'cp-701', memberId: 'mb-eve', borrowedOn: '2025-02-03', dueOn: '2025-02-24', renewals: 1, returnedOn: null },
    // Returned long ago; kept for history.
    { id: 'ln-8', copyId: 'cp-201', memberId: 'mb-cleo', borrowedOn: '2024-10-01', dueOn: '2024-10-22', renewals: 0, returnedOn: '2024-11-21' },
  ],
  reservations: [{ id: 'rs-1', bookId: 'bk-5', memberId: 'mb-ben', placedOn: '2025-02-10', status: 'waiting' }],
  fines: [{ id: 'fn-1', memberId: 'mb-cleo', loanId: 'ln-8', amountCents: 750, reason: 'Returned 30 days late', paid: false }],
};
