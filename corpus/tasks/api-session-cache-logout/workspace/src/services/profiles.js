/** Public profiles, cached by user id: member pages ask for them on every render. */
export function createProfileService({ users, profileCache }) {
  return {
    publicProfile(id) {
      return profileCache.wrap(id, () => {
        const user = users.get(id);
        return user && { id: user.id, displayName: user.displayName };
      });
    },

    forget(id) {
      profileCache.invalidate(id);
    },
  };
}
