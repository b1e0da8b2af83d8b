import { execFile, spawnSync } from 'node:child_process';
import { type Stats, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OverlayLayers {
  /** read-only: the tree every mount shares */
  lower: string;
  /** this mount's changes: what its writers add, change and delete */
  upper: string;
  /** overlayfs's scratch directory, on the upper's file system */
  work: string;
  /** where the merged tree appears */
  target: string;
}

/** overlayfs's option syntax cannot carry these characters in a path; such a tree is copied instead. */
const UNSAFE = /[,:\\\s]/;

/**
 * Mounts a copy-on-write view of `lower` at `target` (nosuid, nodev): reads come from the shared
 * lower tree, writes land in `upper`, so a trial's workspace costs no copy and its removal only
 * what the agent wrote. False when this machine cannot (not root, no overlayfs, a path the option
 * syntax cannot carry): the caller copies instead.
 */
export async function mountOverlay(layers: OverlayLayers): Promise<boolean> {
  if (process.getuid?.() !== 0 || Object.values(layers).some((path) => UNSAFE.test(path))) return false;
  // redirect_dir: renaming a directory of the lower tree works (without it rename(2) says EXDEV).
  const options = `nosuid,nodev,redirect_dir=on,lowerdir=${layers.lower},upperdir=${layers.upper},workdir=${layers.work}`;
  return run('/bin/mount', ['-t', 'overlay', 'overlay', '-o', options, layers.target], { env: {} }).then(
    () => true,
    () => false,
  );
}

/** True when a path and its parent are on different file systems: the path is a mount point. */
function differentDevices(own: Stats | null | undefined, parent: Stats | null | undefined): boolean {
  return own != null && parent != null && own.dev !== parent.dev;
}

async function isMountPoint(path: string): Promise<boolean> {
  const [own, parent] = await Promise.all([stat(path).catch(() => null), stat(dirname(path)).catch(() => null)]);
  return differentDevices(own, parent);
}

/**
 * Unmounts `target` when something is mounted there; lazily when it is still busy (a process of a
 * killed trial), so the directory can be removed now and the kernel lets go when the last user does.
 */
export async function unmountIfMounted(target: string): Promise<void> {
  if (!(await isMountPoint(target))) return;
  await run('/bin/umount', [target], { env: {} }).catch(() => run('/bin/umount', ['--lazy', target], { env: {} }));
}

/** `unmountIfMounted`, synchronously: for a run a signal stops, which exits right after. */
export function unmountIfMountedSync(target: string): void {
  const own = statSync(target, { throwIfNoEntry: false });
  if (!differentDevices(own, statSync(dirname(target), { throwIfNoEntry: false }))) return;
  if (spawnSync('/bin/umount', [target], { env: {}, stdio: 'ignore' }).status === 0) return;
  spawnSync('/bin/umount', ['--lazy', target], { env: {}, stdio: 'ignore' });
}

/** A mountinfo path field: spaces, tabs, newlines and backslashes come octal-escaped (\040). */
function unescapeMountPath(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/** The overlay mount points of this process's mount namespace (/proc/self/mountinfo), each once. */
export async function overlayMountPoints(): Promise<string[]> {
  const text = await readFile('/proc/self/mountinfo', 'utf8').catch(() => '');
  const points = text.split('\n').flatMap((line) => {
    // The optional fields end at " - ", after which the file system type comes first.
    const [mount, fs] = line.split(' - ');
    const target = mount?.split(' ')[4];
    return target !== undefined && fs?.split(' ')[0] === 'overlay' ? [unescapeMountPath(target)] : [];
  });
  return [...new Set(points)];
}
