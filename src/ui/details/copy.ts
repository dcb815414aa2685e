/**
 * Puts text on the clipboard. Resolves false instead of throwing when the page may not write to
 * the clipboard (no permission, insecure context, no Clipboard API), so the button can say so.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || navigator.clipboard === undefined) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
