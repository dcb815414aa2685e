/**
 * Qwen Code's call and result classifiers: read-like tool names, git overview shell commands,
 * stateful reads, and the result fingerprint that sees through its oversized-output stubs.
 *
 * Source: QwenLM/qwen-code `packages/core/src/services/loopDetectionService.ts` @00aa71b4, stub
 * markers from `utils/truncation.ts` and `utils/tool-response-finalizer.ts`; docs/detector.md §14.4.
 */
import { isJsonObject } from '../../json/index';
import type { ZooCall } from '../types';

/** Exact read-like names; other names count only by their `read_` / `list_` prefix. */
const READ_NAMES = new Set(['read_file', 'read_many_files', 'list_directory', 'zoom_image']);

/** Whether Qwen counts `name` as a read for its read-file loop (`review` does not). */
export function isReadLike(name: string): boolean {
  return READ_NAMES.has(name) || name.startsWith('read_') || name.startsWith('list_');
}

/** Tools whose identical arguments may return a changed result (a shared task board). */
export function isStatefulRead(name: string): boolean {
  return name === 'task_list';
}

/** `git [-C dir | --no-pager]… status|diff|ls-files`, the rest of the segment after it. */
const GIT_OVERVIEW = /^git(?:\s+(?:-C\s+\S+|--no-pager))*\s+(status|diff|ls-files)\b/i;

/** A revision a `git diff` may name and still be an overview (not a file-specific diff). */
function isRevision(token: string): boolean {
  return (
    token === 'HEAD' ||
    token === '@' ||
    /^(?:HEAD|@)(?:[~^]\d*)+$/.test(token) ||
    /^[0-9a-f]{7,40}$/i.test(token) ||
    /^[^\s]+\.{2,3}[^\s]+$/.test(token)
  );
}

/** `git diff` arguments that only shape the overview: options and revisions, no paths. */
function isOverviewDiff(rest: string): boolean {
  const trimmed = rest.trim();
  if (trimmed === '') return true;
  const tokens = trimmed.split(/\s+/);
  const sep = tokens.indexOf('--');
  if (sep !== -1 && sep < tokens.length - 1) return false;
  return tokens.every((t) => t.startsWith('-') || isRevision(t));
}

/** Whether every segment of a shell chain is a git status, ls-files or overview diff. */
export function isGitOverviewCommand(command: string): boolean {
  const segments = command
    .split(/&&|\|\||[;&|\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length === 0) return false;
  return segments.every((seg) => {
    const m = GIT_OVERVIEW.exec(seg);
    if (m === null) return false;
    return m[1]?.toLowerCase() !== 'diff' || isOverviewDiff(seg.slice(m[0].length));
  });
}

/** Only `run_shell_command` is classified: a tool merely named like a shell is not. */
export function isShellOverview(c: ZooCall): boolean {
  if (c.name !== 'run_shell_command' || !isJsonObject(c.args)) return false;
  const cmd = c.args.get('command');
  return typeof cmd === 'string' && isGitOverviewCommand(cmd);
}

// The prefixes Qwen's oversized-result producers start their stubs with: the persisted-output
// envelope, its unwrapped form, the truncate-and-save form, and the batch-budget fit's header.
const STUB_PREFIXES = [
  '<persisted-output>',
  'Output too large (',
  'Tool output was too large and has been truncated',
  'Tool output truncated.',
];
const DIGEST_LABEL = 'Full output sha256: ';
const PREVIEW_MARKER = 'Preview (up to 2000 chars):\n';
const TRUNCATED_MARKER = '\nTruncated part of the output:\n';

/** The 64-hex digest on a line of its own after the label, or null. */
function anchoredDigest(value: string): string | null {
  for (let from = 0; ;) {
    const at = value.indexOf(DIGEST_LABEL, from);
    if (at < 0) return null;
    const start = at + DIGEST_LABEL.length;
    const end = value[start + 64];
    const digest = value.slice(start, start + 64);
    if (
      (at === 0 || value[at - 1] === '\n') &&
      /^[0-9a-f]{64}$/.test(digest) &&
      (end === undefined || end === '\n' || end === '\r')
    )
      return digest;
    from = at + 1;
  }
}

/**
 * What Qwen fingerprints of a stateful read's result: the text itself, or for one of its
 * oversized-output stubs (whose envelope names a per-call file) the full output's digest, else
 * the preview after the stub's marker. Text that merely quotes the digest label is kept whole.
 */
export function resultFingerprint(answer: string): string {
  if (!STUB_PREFIXES.some((p) => answer.startsWith(p))) return answer;
  const digest = anchoredDigest(answer);
  if (digest !== null) return `<persisted-stub>sha256:${digest}`;
  const marker =
    answer.startsWith(STUB_PREFIXES[0] as string) || answer.startsWith(STUB_PREFIXES[1] as string)
      ? PREVIEW_MARKER
      : answer.startsWith(STUB_PREFIXES[2] as string)
        ? TRUNCATED_MARKER
        : null;
  if (marker === null) return answer;
  const at = answer.indexOf(marker);
  return at < 0 ? answer : `<persisted-stub>${answer.slice(at + marker.length)}`;
}
