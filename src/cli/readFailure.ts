// Why a file could not be read, in the words of the command's one-line errors.

/** `file: why` for a file that could not be read (a Node fs error, or anything else). */
export function readFailure(file: string, e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'is a directory, not a file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : `cannot be read${code ? ` (${code})` : ''}`;
  return `${file}: ${why}`;
}
