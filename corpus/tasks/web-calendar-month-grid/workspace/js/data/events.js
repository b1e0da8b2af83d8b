/** The team's events. `kind` picks the chip colour. */
export const EVENTS = [
  { date: '2024-04-01', title: 'Q2 planning', kind: 'deadline' },
  { date: '2024-04-15', title: 'Noor: early shift', kind: 'shift' },
  { date: '2024-05-06', title: 'Bank holiday cover', kind: 'shift' },
  { date: '2024-09-01', title: 'On-call handover', kind: 'shift' },
  { date: '2024-09-30', title: 'Release 4.2 freeze', kind: 'deadline' },
  { date: '2024-12-01', title: 'Advent rota starts', kind: 'shift' },
  { date: '2024-12-31', title: 'Year-end close', kind: 'deadline' },
  { date: '2025-02-01', title: 'Ines: leave', kind: 'leave' },
  { date: '2025-02-28', title: 'Payroll cut-off', kind: 'deadline' },
  { date: '2025-03-03', title: 'Sprint 41 starts', kind: 'shift' },
  { date: '2025-03-17', title: 'Marco: leave', kind: 'leave' },
  { date: '2025-03-31', title: 'Quarter close', kind: 'deadline' },
];
