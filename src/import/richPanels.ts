// Panels as the Rich library draws them in a terminal, read back as their title and text.

/**
 * Rich draws a panel (Textualize/rich `rich/panel.py` and `rich/box.py` @42899d8a0a) as a top border holding its
 * title (`╭─── title ───╮`), a row per line of its text between `│` borders padded by spaces, and
 * a bottom border (`╰───╯`), square corners where the terminal lacks the round ones, heavy
 * lines (`┏━━┓`, `┃`) where the caller asks for `box.HEAVY`. Text longer than the panel's width is wrapped: broken at the last
 * space that fits (the space dropped), or a word longer than the width cut at it.
 */
const TOP = /^\s*[╭┌┏][─━]*(?: ([^─━╮┐┓]*?) )?[─━]*[╮┐┓]\s*$/;
const SIDE = /^\s*[│┃](.*)[│┃]\s*$/;
const BOTTOM = /^\s*[╰└┗].*[╯┘┛]\s*$/;

export interface RichPanel {
  readonly title: string;
  /** Its text's rows, without the padding and the spaces that end them. */
  readonly rows: readonly string[];
  /** The widest row the panel holds: a row so wide may be a word cut at the edge. */
  readonly width: number;
  /** The line after it. */
  readonly end: number;
}

/** The panel whose top border is line `i` of `lines`, or null where none whole is there. */
export function richPanelAt(lines: readonly string[], i: number): RichPanel | null {
  const top = TOP.exec(lines[i] as string);
  if (top === null) return null;
  const raw: string[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] as string;
    if (BOTTOM.test(line)) break;
    const side = SIDE.exec(line);
    if (side === null) return null;
    raw.push(side[1] as string);
  }
  if (j >= lines.length) return null;
  const bottom = (lines[j] as string).trim().length;
  // The padding is what every row opens with: its text starts after it.
  let pad = Infinity;
  for (const r of raw) if (r.trim() !== '') pad = Math.min(pad, r.length - r.trimStart().length);
  if (pad === Infinity) pad = 1;
  return {
    title: (top[1] ?? '').trim(),
    rows: raw.map((r) => r.slice(pad).trimEnd()),
    width: bottom - 2 - 2 * pad,
    end: j + 1,
  };
}

/**
 * Rows as the one line of text Rich wrapped into them: a row as wide as the panel was a word cut
 * at its edge and goes on with no space, any other was broken at a space.
 */
export function joinWrapped(rows: readonly string[], width: number): string {
  let text = '';
  let prev = '';
  for (const row of rows) {
    if (text === '' && row === '') continue;
    text += text === '' ? row : prev.length >= width ? row : ` ${row}`;
    prev = row;
  }
  return text.trim();
}
