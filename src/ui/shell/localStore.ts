// The browser's localStorage for layout choices (the sidebar fold, the split), never throwing:
// a browser with storage disabled only forgets them.

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // quota or privacy mode: the choice resets on the next visit
  }
}
