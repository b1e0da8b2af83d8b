export const config = Object.freeze({
  port: Number(process.env.PORT ?? 3003),
  staffKey: process.env.STAFF_KEY ?? 'desk-dev-key',
  maxBodyBytes: 32 * 1024,
  lending: Object.freeze({
    loanDays: 21,
    renewalDays: 14,
    maxRenewals: 2,
    loanLimits: Object.freeze({ adult: 5, child: 3 }),
    maxReservations: 3,
    // Members owing more than this (in cents) cannot borrow or reserve.
    fineThresholdCents: 500,
    dailyFineCents: 25,
  }),
});
