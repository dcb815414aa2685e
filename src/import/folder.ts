/**
 * What a folder holds, one rule for the app ("Open folder…", a dropped folder) and the CLI
 * (`loopscope FOLDER`): which of its files are read, and which of those count as transcripts,
 * failures, or files skipped as no transcript. docs/report.md §5 and docs/formats.md §3.2.
 */
import type { ImportError } from './types';

/** A hidden file or folder (`.git`, `.DS_Store`, `.cache`): never entered or read. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.');
}

/**
 * Whether a file's own name says transcript: the extensions agents and their tooling write
 * (JSON, JSON Lines, Inspect `.eval`, SWE-agent `.traj`, HAR, Go's `.httprr` and `.txtar`, a mitmproxy dump, a saved event stream,
 * YAML as test suites keep recorded HTTP cassettes), each also compressed with gzip, not
 * hidden, and not the metadata files beside them (Claude Code's `agent-*.meta.json`).
 */
export function isTranscriptName(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  if (isHiddenName(base) || base.endsWith('.meta.json')) return false;
  return /\.(?:json|jsonl|ndjson|eval|traj|har|httprr|mitm|txtar|sse|ya?ml)(?:\.gz)?$/.test(base);
}

/**
 * Whether a file found in a folder is read, by its path inside the folder (`/`-separated,
 * the folder's own name left out): no segment hidden, and a transcript's name. Size is no
 * reason to leave a file out: a big file is the likeliest transcript of all, and an empty
 * one is read and skipped as no transcript (`skipsFile`), so it is named, not lost.
 */
export function isFolderCandidate(pathInFolder: string): boolean {
  const segments = pathInFolder.split(/[\\/]/).filter((s) => s !== '');
  if (segments.some(isHiddenName)) return false;
  return isTranscriptName(segments[segments.length - 1] ?? '');
}

/**
 * A browser's `webkitRelativePath` (the picked folder's name first) as the rule reads it: a
 * file chosen by name has none, or one with no folder (a file dropped beside a folder).
 */
export function pickedFile(webkitRelativePath: string): {
  readonly inFolder: boolean;
  readonly candidate: boolean;
} {
  const slash = webkitRelativePath.indexOf('/');
  if (slash < 0) return { inFolder: false, candidate: true };
  return { inFolder: true, candidate: isFolderCandidate(webkitRelativePath.slice(slash + 1)) };
}

/**
 * Whether an import error says the input is plainly no transcript (no conversation found in
 * it: a format Loopscope does not know, a chat log such as Aider's, or nothing but
 * whitespace), as opposed to a transcript that cannot be read (invalid JSON, invalid UTF-8 or
 * binary bytes, a recognised format that does not hold together), which is a failure wherever
 * the file came from.
 */
export function isNotTranscript(e: Pick<ImportError, 'kind'>): boolean {
  return e.kind === 'unknown-format' || e.kind === 'not-transcript' || e.kind === 'empty';
}

/** How one file of a corpus counts. */
export type FileCount = 'transcripts' | 'skipped';

/**
 * What a file counts as, from the import outcome of each of its parts (null for a part that
 * imported): skipped when it was found in a folder and no part of it is a transcript; else
 * its parts are rows, a failed part a failed row. A file named by the user is never skipped.
 */
export function fileCount(
  parts: readonly (Pick<ImportError, 'kind'> | null)[],
  inFolder: boolean,
): FileCount {
  const skip = inFolder && parts.length > 0 && parts.every((e) => e !== null && isNotTranscript(e));
  return skip ? 'skipped' : 'transcripts';
}
