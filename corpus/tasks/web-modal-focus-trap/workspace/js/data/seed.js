export const SEED_MEMBERS = [
  { id: 'u1', name: 'Grace Hopper', email: 'grace@acme.test', role: 'admin' },
  { id: 'u2', name: 'Alan Turing', email: 'alan@acme.test', role: 'member' },
  { id: 'u3', name: 'Ada Lovelace', email: 'ada@acme.test', role: 'member' },
  { id: 'u4', name: 'Edsger Dijkstra', email: 'edsger@acme.test', role: 'viewer' },
];
