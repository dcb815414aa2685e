// CommonMark's fenced code blocks, as the readers of markdown exports meet them.

/**
 * A markdown export keeps a tool's input and output, and a reply's code, in fenced blocks whose
 * text may hold anything a transcript's own lines look like (headings, turn labels, another
 * export); so every reader steps over them the same way. A fence opens with three or more
 * backticks or tildes indented at most three spaces, and closes on a line of the same character,
 * at least as many, and nothing else; one left open runs to the end. Written here rather than
 * taken from a markdown parser: the readers want lines and fences, not a document tree, and
 * must stay cheap on a 100 MB paste.
 */
const OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** The mark a line opens a fence with (its backticks or tildes), or null. */
export function fenceOpening(line: string): string | null {
  const f = OPEN.exec(line);
  return f === null ? null : (f[1] as string);
}

/** Whether a line closes the fence that `mark` opened. */
export function closesFence(mark: string, line: string): boolean {
  const t = line.trim();
  if (t.length < mark.length || t[0] !== mark[0]) return false;
  for (let i = 1; i < t.length; i++) if (t[i] !== mark[0]) return false;
  return true;
}

/** A markdown text as blocks: a fence (its text), or a line outside fences. */
export type Block = { kind: 'fence'; text: string } | { kind: 'line'; text: string };

export function blocksOf(text: string): Block[] {
  const out: Block[] = [];
  let fence: { mark: string; body: string[] } | null = null;
  for (const l of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence === null) {
      const mark = fenceOpening(l);
      if (mark !== null) fence = { mark, body: [] };
      else out.push({ kind: 'line', text: l.trimEnd() });
    } else if (closesFence(fence.mark, l)) {
      out.push({ kind: 'fence', text: fence.body.join('\n') });
      fence = null;
    } else fence.body.push(l);
  }
  if (fence !== null) out.push({ kind: 'fence', text: fence.body.join('\n') });
  return out;
}
