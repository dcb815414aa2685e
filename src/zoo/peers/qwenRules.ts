/** Qwen Code's call classifiers (read-like tools, git overview shell commands). */
import { isJsonObject } from '../../json/index';
import type { ZooCall } from '../types';

const READ_NAMES = new Set(['read_file', 'read_many_files', 'list_directory']);

/** `read_file`, `read_many_files`, `list_directory`, or a name starting `read_` / `list_`. */
export function isReadLike(name: string): boolean {
  return READ_NAMES.has(name) || name.startsWith('read_') || name.startsWith('list_');
}

const SHELL_NAME = /shell|bash|terminal|command|exec/i;

/** A `git status`, `git ls-files`, or a `git diff` with options only (an overview). */
function overviewSegment(seg: string): boolean {
  const words = seg.trim().split(/\s+/);
  if (words[0] !== 'git') return false;
  if (words[1] === 'status' || words[1] === 'ls-files') return true;
  return words[1] === 'diff' && words.slice(2).every((w) => w.startsWith('-'));
}

/** A shell call whose every `&&`/`||`/`;`/`|` segment is a git overview command. */
export function isShellOverview(c: ZooCall | undefined): boolean {
  if (c === undefined || !SHELL_NAME.test(c.name) || !isJsonObject(c.args)) return false;
  const cmd = c.args.get('command');
  if (typeof cmd !== 'string' || cmd.trim() === '') return false;
  return cmd.split(/&&|\|\||;|\|/).every(overviewSegment);
}
