import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname } from 'node:path';

/** Read-only system paths a sandboxed program needs to run, when they exist on this machine. */
const SYSTEM_PATHS = ['/usr'];
const ETC_PATHS = [
  '/etc/alternatives',
  '/etc/ca-certificates',
  '/etc/group',
  '/etc/hosts',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/nsswitch.conf',
  '/etc/passwd',
  '/etc/resolv.conf',
  '/etc/ssl',
];
const MERGED_USR_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64'];

/**
 * The bwrap arguments that give a sandbox /usr, the merged-/usr links, a few files of /etc and
 * the node binary's directory, all read-only: one bind per existing path, so the argv never names
 * something bwrap cannot find. Shared by the agent's sandbox and the repository test runner's.
 */
export function systemBinds(): string[] {
  const args: string[] = [];
  const readOnly = [...SYSTEM_PATHS, dirname(process.execPath), ...ETC_PATHS];
  for (const path of new Set(readOnly)) if (existsSync(path)) args.push('--ro-bind', path, path);
  for (const link of MERGED_USR_LINKS) {
    const stats = lstatSync(link, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) args.push('--symlink', readlinkSync(link), link);
    else if (stats?.isDirectory()) args.push('--ro-bind', link, link);
  }
  return args;
}

/**
 * Whether an absolute path lies in what `systemBinds` shows a sandbox: /usr and the merged-/usr
 * links, node's directory, the bound files of /etc. Planning uses it to tell whether a program a
 * declaration names will be found inside.
 */
export function shownInSandbox(path: string): boolean {
  const shown = [...SYSTEM_PATHS, ...MERGED_USR_LINKS, dirname(process.execPath), ...ETC_PATHS];
  return shown.some((dir) => path === dir || path.startsWith(`${dir}/`));
}
