export const members = [
  { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'Owner' },
  { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com', role: 'Admin' },
  { id: 'u3', name: 'Katherine Johnson', email: 'katherine@example.com', role: 'Member' },
  { id: 'u4', name: 'Alan Turing', email: 'alan@example.com', role: 'Member' },
];
