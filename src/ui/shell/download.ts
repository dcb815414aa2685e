/** Saves text as a file through a Blob URL: no server round trip, nothing leaves the page. */
export function downloadText(fileName: string, text: string, mime = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  downloadUrl(fileName, url);
  // Revoke after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves what a blob: URL holds as a file (its maker revokes it). */
export function downloadUrl(fileName: string, url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** A file-name-safe stem from a transcript name ("Mutating loop" → "mutating-loop"). */
export function fileStem(name: string | null): string {
  const stem = (name ?? 'transcript')
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem === '' ? 'transcript' : stem;
}
