/** Members every fresh server starts with (development and tests). */
export const SEED_USERS = [
  { email: 'maren@quayside.test', password: 'harbour-lights', displayName: 'Maren Holt' },
  { email: 'tobias@quayside.test', password: 'low-tide-2024', displayName: 'Tobias Venn' },
  { email: 'ines@quayside.test', password: 'sea-glass-path', displayName: 'Ines Okafor' },
];

export function seedUsers(users) {
  for (const user of SEED_USERS) users.create(user);
}
