import { posix } from 'node:path';

/** One COPY or ADD of build-context files: the sources (context-relative) and the absolute destination. */
export interface ContextCopy {
  sources: string[];
  dest: string;
}

/** What a Dockerfile does that the task's files show: its base, working directory and copies, and what the host cannot stand in for. */
export interface DockerfilePlan {
  from: string | null;
  /** the last WORKDIR, absolute; null when none is set */
  workdir: string | null;
  copies: ContextCopy[];
  /** why only the image can run the task (a RUN step, ENV, a copy from another stage or a URL, …); empty: the host can try */
  blockers: string[];
}

/** Instructions that change nothing a task's run depends on. */
const INERT = new Set([
  'ARG',
  'LABEL',
  'EXPOSE',
  'CMD',
  'ENTRYPOINT',
  'MAINTAINER',
  'STOPSIGNAL',
  'HEALTHCHECK',
  'SHELL',
]);

/** The Dockerfile's instructions: continuation lines joined, comments and blank lines left out. */
function instructions(text: string): { keyword: string; rest: string }[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), rest: rest.join(' ') };
    });
}

/** COPY's and ADD's arguments: the JSON array form, or words; leading --flags split off. */
function copyArguments(rest: string): { flags: string[]; paths: string[] } {
  let words: string[];
  const trimmed = rest.trim();
  const flags =
    trimmed
      .match(/^(--\S+\s+)*/)?.[0]
      .trim()
      .split(/\s+/)
      .filter(Boolean) ?? [];
  const remainder = trimmed.slice(trimmed.match(/^(--\S+\s+)*/)?.[0].length ?? 0);
  if (remainder.startsWith('[')) {
    try {
      words = JSON.parse(remainder) as string[];
    } catch {
      words = [];
    }
  } else words = remainder.split(/\s+/).filter(Boolean);
  return { flags, paths: words };
}

function copyOf(keyword: string, rest: string, workdir: string | null, blockers: string[]): ContextCopy | null {
  const { flags, paths } = copyArguments(rest);
  if (paths.length < 2) {
    blockers.push(`${keyword} ${rest}: expected sources and a destination`);
    return null;
  }
  const sources = paths.slice(0, -1);
  const dest = paths.at(-1)!;
  if (flags.some((flag) => flag.startsWith('--from')))
    blockers.push(`${keyword} ${rest}: copies from another image or stage`);
  else if (sources.some((source) => /^[a-z]+:\/\//i.test(source))) blockers.push(`${keyword} ${rest}: fetches a URL`);
  else if (sources.some((source) => /[*?[]/.test(source))) blockers.push(`${keyword} ${rest}: copies by wildcard`);
  else if (sources.some((source) => posix.normalize(source).startsWith('..')))
    blockers.push(`${keyword} ${rest}: copies from outside the build context`);
  else {
    const resolved = posix.resolve(workdir ?? '/', dest);
    return {
      sources: sources.map((source) => posix.normalize(source)),
      dest: dest.endsWith('/') ? `${resolved}/` : resolved,
    };
  }
  return null;
}

/**
 * Reads a Dockerfile for what a task's files need from it: the base image, the WORKDIR the task's
 * files live in, and the build-context files copied there. Any step that changes the image
 * otherwise (RUN, ENV, USER, VOLUME, a copy from elsewhere) is a blocker: only the image can run
 * such a task. Pure.
 */
export function readDockerfile(text: string): DockerfilePlan {
  const plan: DockerfilePlan = { from: null, workdir: null, copies: [], blockers: [] };
  for (const { keyword, rest } of instructions(text)) {
    if (keyword === 'FROM') {
      if (plan.from !== null) plan.blockers.push(`FROM ${rest}: a second stage`);
      plan.from = rest;
    } else if (keyword === 'WORKDIR') plan.workdir = posix.resolve(plan.workdir ?? '/', rest);
    else if (keyword === 'COPY' || keyword === 'ADD') {
      const copy = copyOf(keyword, rest, plan.workdir, plan.blockers);
      if (copy) plan.copies.push(copy);
    } else if (!INERT.has(keyword)) plan.blockers.push(`${keyword} ${rest.slice(0, 120)}`);
  }
  if (plan.workdir === null || plan.workdir === '/')
    plan.blockers.push('no WORKDIR: the task has no working directory of its own');
  for (const copy of plan.copies) {
    const inside = copy.dest === plan.workdir || copy.dest.startsWith(`${plan.workdir}/`);
    if (!inside) plan.blockers.push(`a copy to ${copy.dest}, outside the WORKDIR ${plan.workdir}`);
  }
  return plan;
}
