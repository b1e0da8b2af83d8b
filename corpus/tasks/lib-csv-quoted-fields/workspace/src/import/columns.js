/** Header names seen in real exports, lower-cased, for each contact field. */
const ALIASES = {
  firstName: ['first name', 'given name', 'firstname', 'first'],
  lastName: ['last name', 'family name', 'surname', 'lastname', 'last'],
  name: ['name', 'full name', 'display name', 'contact'],
  email: ['email', 'e-mail', 'e-mail address', 'email address', 'e-mail 1 - value', 'primary email'],
  phone: ['phone', 'mobile', 'mobile phone', 'telephone', 'phone 1 - value', 'primary phone'],
  company: ['company', 'organization', 'organisation', 'organization 1 - name', 'employer'],
  notes: ['notes', 'note', 'comments', 'description'],
};

/** Maps each contact field to the column that holds it (first match wins), if any. */
export function mapColumns(columns) {
  const mapping = {};
  for (const [field, aliases] of Object.entries(ALIASES)) {
    const column = columns.find((c) => aliases.includes(c.trim().toLowerCase()));
    if (column !== undefined) mapping[field] = column;
  }
  return mapping;
}
