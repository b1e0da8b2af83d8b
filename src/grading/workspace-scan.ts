import { createHash } from 'node:crypto';
import { createReadStream, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import { boundedFinding, type Finding } from '../contracts/receipt.js';
import { linkDestination, type TreeModel } from '../contracts/tree.js';

/**
 * Bounds on what the post-agent scan reads. Past any of them the scan stops and the workspace is
 * a tampering finding (the trial fails): never a harness crash, never unbounded harness time.
 */
export const SCAN_LIMITS = {
  /** files, directories, links and special files together */
  entries: 100_000,
  depth: 64,
  /** bytes of one workspace-relative path */
  pathBytes: 1024,
  /** bytes of regular files, summed over the workspace */
  bytes: 512 * 1024 * 1024,
} as const;
export type ScanLimits = { [K in keyof typeof SCAN_LIMITS]: number };

/** An entry the grader refuses: a link leaving the tree, a special file. */
export interface RefusedEntry {
  path: string;
  what: string;
}

/** One pass over a workspace after its agent ran: what the diff, contamination and tampering all use. */
export interface WorkspaceScan {
  /** files, empty directories and in-tree links, as readTreeModel would give them */
  model: TreeModel;
  refused: RefusedEntry[];
  /** why the tree cannot be graded: a name that is not UTF-8, a bound passed; empty when it can */
  violations: Finding[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A name as text, or null when its bytes are not UTF-8 (a lossy decoding would name another file). */
function utf8(name: Buffer): string | null {
  try {
    return decoder.decode(name);
  } catch {
    return null;
  }
}

/** Bytes with everything outside printable ASCII escaped: how a finding shows a hostile name. */
export function escapedBytes(bytes: Buffer, limit = 200): string {
  let text = '';
  for (const byte of bytes.subarray(0, limit))
    text +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`;
  return bytes.length > limit ? `${text}…` : text;
}

/** Files up to this size are read in one call; larger ones are streamed, never held whole. */
const WHOLE_READ_BYTES = 1024 * 1024;
/** Entries between two yields to the event loop (timers, aborts and other trials go on). */
const YIELD_EVERY = 1000;

async function sha256(path: Buffer, size: number): Promise<string> {
  const hash = createHash('sha256');
  if (size <= WHOLE_READ_BYTES) return hash.update(readFileSync(path)).digest('hex');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

class LimitPassed extends Error {}

function realOrNull(path: Buffer): string | null {
  try {
    return realpathSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Lists what an agent left in its workspace without following links or opening anything but
 * regular files: names read as bytes, large files hashed as streams, everything within `limits`.
 * Unlike readTreeModel a hostile tree is expected here: whatever it holds, this returns. Listing
 * and lstat are synchronous: on a loaded machine their promise forms cost 15 times as much (60,000
 * files: 166 s against 11 s), and the event loop gets a turn every YIELD_EVERY entries.
 */
export async function scanWorkspace(workspace: string, limits: ScanLimits = SCAN_LIMITS): Promise<WorkspaceScan> {
  const model: TreeModel = { files: [], emptyDirectories: [], links: [] };
  const refused: RefusedEntry[] = [];
  const violations: Finding[] = [];
  const realRoot = realpathSync(workspace);
  let entries = 0;
  let bytes = 0;
  const stop = (detail: string): never => {
    violations.push(boundedFinding('tampering', detail));
    throw new LimitPassed();
  };

  async function entry(absolute: Buffer, path: string, depth: number): Promise<void> {
    const stats = lstatSync(absolute);
    if (stats.isDirectory()) await walk(absolute, path, depth + 1);
    else if (stats.isFile()) {
      bytes += stats.size;
      if (bytes > limits.bytes) stop(`the workspace holds more than ${limits.bytes} bytes of files (at ${path})`);
      model.files.push({ path, executable: (stats.mode & 0o111) !== 0, sha256: await sha256(absolute, stats.size) });
    } else if (stats.isSymbolicLink()) {
      const target = readlinkSync(absolute, 'utf8');
      const real = realOrNull(absolute);
      const inside = real === null || real === realRoot || real.startsWith(`${realRoot}/`);
      if (linkDestination(path, target) !== null && inside) model.links.push({ path, target });
      else refused.push({ path, what: 'a symlink leaving the tree' });
    } else refused.push({ path, what: 'a special file' });
  }

  async function walk(absolute: Buffer, relative: string, depth: number): Promise<void> {
    if (depth > limits.depth) stop(`the workspace nests directories deeper than ${limits.depth} levels`);
    const names = readdirSync(absolute, { encoding: 'buffer' }).sort(Buffer.compare);
    if (names.length === 0 && relative !== '') model.emptyDirectories.push(relative);
    for (const name of names) {
      entries += 1;
      if (entries > limits.entries) stop(`the workspace holds more than ${limits.entries} entries`);
      if (entries % YIELD_EVERY === 0) await setImmediate();
      const text = utf8(name);
      const prefix = relative ? `${relative}/` : '';
      if (text === null) stop(`the workspace holds a name that is not UTF-8: ${prefix}${escapedBytes(name)}`);
      const path = `${prefix}${text}`;
      if (Buffer.byteLength(path) > limits.pathBytes)
        stop(`the workspace holds a path longer than ${limits.pathBytes} bytes: ${path}`);
      await entry(Buffer.concat([absolute, Buffer.from('/'), name]), path, depth);
    }
  }

  try {
    await walk(Buffer.from(realRoot), '', 0);
  } catch (error) {
    if (!(error instanceof LimitPassed)) throw error;
  }
  return { model, refused, violations };
}
