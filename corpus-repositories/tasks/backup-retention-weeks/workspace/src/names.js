const STAMP = /-(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)\.tar\.gz$/;

/** A backup file name's timestamp, e.g. `db-2024-03-04T02:00:00Z.tar.gz`. */
export function parseBackupName(name) {
  const match = STAMP.exec(name);
  if (!match) throw new Error(`not a backup name: ${name}`);
  const takenAt = new Date(match[1]);
  if (Number.isNaN(takenAt.getTime())) throw new Error(`bad timestamp in ${name}`);
  return { name, takenAt };
}
