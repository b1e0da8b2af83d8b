import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import {
  boundedHead,
  type DiffFile,
  EVIDENCE_LIMITS,
  type EvidenceDiff,
  TRUNCATED_MARK,
} from '../contracts/evidence.js';
import type { TreeEntry, TreeModel } from '../contracts/tree.js';
import type { WorkspaceScan } from '../grading/workspace-scan.js';

/** A side of a file larger than this is not read for its patch: the evidence says so instead. */
const READ_LIMIT = 1024 * 1024;
/** Past this many edits the diff algorithm gives up (a rewritten file): the patch says so. */
const MAX_EDIT_LENGTH = 20_000;

type Side = { text: string } | { binary: true } | { tooLarge: number };

/** One side of a patch, never through a link (the scan saw a regular file there; the agent is gone). */
async function readSide(path: string): Promise<Side> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const { size } = await handle.stat();
    if (size > READ_LIMIT) return { tooLarge: size };
    const bytes = await handle.readFile();
    return bytes.includes(0) ? { binary: true } : { text: bytes.toString('utf8') };
  } finally {
    await handle.close();
  }
}

function patchOf(path: string, before: Side, after: Side): string | null {
  if ('binary' in before || 'binary' in after) return null;
  if ('tooLarge' in before || 'tooLarge' in after) {
    const size = 'tooLarge' in after ? after.tooLarge : (before as { tooLarge: number }).tooLarge;
    return `${TRUNCATED_MARK} not diffed: ${size} bytes is more than ${READ_LIMIT}`;
  }
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, before.text, after.text, undefined, undefined, {
    context: 3,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  return patch ?? `${TRUNCATED_MARK} not diffed: more than ${MAX_EDIT_LENGTH} edits`;
}

interface Change {
  path: string;
  change: DiffFile['change'];
  before: TreeEntry | null;
  after: TreeEntry | null;
}

/** Every entry that differs between the starting tree and the scanned workspace, sorted by path. */
function changes(shipped: TreeModel, scan: WorkspaceScan): Change[] {
  const old = new Map(shipped.files.map((entry) => [entry.path, entry]));
  const now = new Map(scan.model.files.map((entry) => [entry.path, entry]));
  const oldLinks = new Map(shipped.links.map((link) => [link.path, link.target]));
  const found: Change[] = [];
  for (const [path, after] of now) {
    const before = old.get(path) ?? null;
    if (before === null) found.push({ path, change: 'added', before, after });
    else if (before.sha256 !== after.sha256) found.push({ path, change: 'modified', before, after });
    else if (before.executable !== after.executable) found.push({ path, change: 'mode', before, after });
  }
  const present = new Set([
    ...now.keys(),
    ...scan.model.links.map((link) => link.path),
    ...scan.refused.map((entry) => entry.path),
  ]);
  for (const [path, before] of old)
    if (!present.has(path)) found.push({ path, change: 'deleted', before, after: null });
  for (const link of scan.model.links)
    if (oldLinks.get(link.path) !== link.target)
      found.push({ path: link.path, change: 'link', before: null, after: null });
  for (const entry of scan.refused) found.push({ path: entry.path, change: 'refused', before: null, after: null });
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The workspace against its starting tree, from the trial's one post-agent scan: each changed
 * entry with a unified patch of its text, redacted (`redact`) and bounded per file and in total.
 * Call it before grading: a repository task's hidden tests are copied in then, and never shown.
 */
export async function workspaceDiff(input: {
  snapshot: string;
  shipped: TreeModel;
  workspace: string;
  scan: WorkspaceScan;
  redact: (text: string) => string;
}): Promise<EvidenceDiff> {
  const all = changes(input.shipped, input.scan);
  const listed = all.slice(0, EVIDENCE_LIMITS.diffFiles);
  let budget = EVIDENCE_LIMITS.diffTotal;
  const files: DiffFile[] = [];
  for (const { path, change, before, after } of listed) {
    let patch: string | null = null;
    if (change === 'added' || change === 'modified' || change === 'deleted') {
      const empty: Side = { text: '' };
      const old = before ? await readSide(join(input.snapshot, path)) : empty;
      const now = after ? await readSide(join(input.workspace, path)) : empty;
      const whole = patchOf(path, old, now);
      if (whole !== null) {
        patch =
          budget > 0
            ? boundedHead(input.redact(whole), Math.min(EVIDENCE_LIMITS.patch, budget))
            : `${TRUNCATED_MARK} left out: the diff's bound of ${EVIDENCE_LIMITS.diffTotal} characters was reached`;
        budget -= Math.min(patch.length, budget);
      }
    }
    files.push({ path: input.redact(path), change, patch });
  }
  return { files, omitted: all.length - listed.length };
}
