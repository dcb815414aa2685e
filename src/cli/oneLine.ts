/** Collapses any message to one line: the contract is one stderr line, never a dump. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
