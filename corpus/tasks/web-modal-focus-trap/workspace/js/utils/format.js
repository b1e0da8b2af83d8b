const ROLE_LABELS = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

export function roleLabel(role) {
  return ROLE_LABELS[role] ?? role;
}

/** "ana.lima@acme.test" -> "Ana Lima" for invitees that have no display name yet. */
export function nameFromEmail(email) {
  return email
    .split('@')[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
}
