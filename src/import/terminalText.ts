// Text a terminal app drew, copied back out: its lines without colour codes, read by indent.

// eslint-disable-next-line no-control-regex -- the escape that opens a terminal code
export const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** A line without its colour codes and the spaces that end it. */
export const screenLine = (l: string): string => l.replace(ANSI, '').trimEnd();

/** The text's lines, without a byte-order mark, colour codes and the spaces that end them. */
export function screenLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map(screenLine);
}

export const indent = (l: string): number => l.length - l.trimStart().length;

/**
 * The end of the lines from `i` on that go on with the one above them: indented at least
 * `depth`, or blank between such; `stops` ends them early.
 */
export function goesOn(
  lines: readonly string[],
  i: number,
  depth: number,
  stops: (line: string) => boolean = () => false,
): number {
  let j = i;
  while (j < lines.length) {
    const l = lines[j] as string;
    if (l === '') {
      let k = j;
      while (k < lines.length && lines[k] === '') k++;
      const next = lines[k];
      if (next !== undefined && indent(next) >= depth && !stops(next)) {
        j = k;
        continue;
      }
      break;
    }
    if (indent(l) < depth || stops(l)) break;
    j++;
  }
  return j;
}

/** Lines that go on with the one above them, without the indent they have for it. */
export function under(lines: readonly string[], from: number, to: number, depth: number): string[] {
  return lines.slice(from, to).map((l) => l.slice(Math.min(depth, indent(l))));
}

/** Whether a text opens as JSON does (a document or a line of one): no text of a screen's. */
export function opensAsJson(text: string): boolean {
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '').slice(0, 200));
}

/** A reply's words as a screen shows them, held until a call or a turn takes them. */
export class Words {
  private parts: string[] = [];

  add(text: string): void {
    this.parts.push(text);
  }

  /** The words held, paragraphs apart, or null where there are none; none are held after. */
  take(): string | null {
    const t = this.parts.join('\n\n').trim();
    this.parts = [];
    return t === '' ? null : t;
  }
}
