/** What the API shows of a user: never the password hash. */
export function toPublicUser(user) {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    bio: user.bio ?? '',
    createdAt: user.createdAt,
  };
}
