// How gptme finds the tool calls in a message's text: fenced blocks whose tag names a tool,
// `<tool-use>` and `<function_calls>` elements, and native calls written as `@tool(id): {…}`
// (gptme/gptme @d27f98d3a5, `gptme/tools/base.py` `ToolUse`, `gptme/codeblock.py`).
import { objectEnd } from './dialects/shape';
/**
 * The tool each fence tag (its first word) runs: the `block_types` of gptme's tools
 * (`gptme/tools/*.py`). Tools without block types are reached from `ipython` only.
 */
const TAG_TOOLS: Readonly<Record<string, string>> = {
  shell: 'shell',
  ipython: 'ipython',
  py: 'ipython',
  save: 'save',
  append: 'append',
  patch: 'patch',
  patch_many: 'patch_many',
  patch_anchored: 'patch_anchored',
  view_anchored: 'view_anchored',
  hashline_edit: 'hashline_edit',
  morph: 'morph',
  read: 'read',
  tmux: 'tmux',
  gh: 'gh',
  todo: 'todo',
  complete: 'complete',
  choice: 'choice',
  clarify: 'clarify',
  elicit: 'elicit',
  form: 'form',
  mcp: 'mcp',
  progress: 'progress',
  restart: 'restart',
  vent: 'vent',
  youtube: 'youtube',
};

/**
 * Tags only older gptme ran (before 0.19, Oct 2024: `bash` and `sh` as the shell, `python`
 * as ipython, a file name as `save`): a block so tagged is a call only where a system message
 * answers its message, as nothing tells which gptme wrote the text.
 */
const OLD_TAGS: Readonly<Record<string, string>> = {
  bash: 'shell',
  sh: 'shell',
  python: 'ipython',
};

/** A call as gptme's `ToolUse` holds it, where it starts in the message. */
export interface ToolUse {
  readonly tool: string;
  /** The JSON of its `args` and `content` (a block, a tag), or of its `kwargs` (a tool call). */
  readonly args: string;
  readonly callId: string | null;
  readonly start: number;
  /** Run only by older gptme: a call only where answered. */
  readonly old: boolean;
  /** Where in the message its block ends (after its closing fence's line), for live output. */
  readonly end: number;
}

interface Block {
  readonly lang: string;
  readonly content: string;
  /** Line indexes: the opening fence, the line after the closing one. */
  readonly start: number;
  readonly end: number;
}

const FENCE = /^(`{3,})/;

/**
 * The fenced blocks of a message as gptme's `_extract_codeblocks` finds them: a block opens
 * with 3+ backticks at a line's start, and closes with a bare fence of the same length; a
 * tagged fence inside opens a nested block, and a bare fence with text right under it opens
 * one only where another bare fence closes it soon with more text after.
 */
function fencedBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE.exec(lines[i] as string);
    if (open === null) {
      i++;
      continue;
    }
    const fenceLen = (open[1] as string).length;
    const lang = (lines[i] as string).slice(fenceLen).trim();
    const start = i;
    const content: string[] = [];
    let depth = 1;
    let closed = false;
    for (i++; i < lines.length; i++) {
      const line = lines[i] as string;
      const f = FENCE.exec(line);
      if (f === null) {
        content.push(line);
        continue;
      }
      const len = (f[1] as string).length;
      const bare = line.trim() === '`'.repeat(len);
      if (!bare) {
        const tag = line.slice(len).trim();
        if (tag !== '' && /^[\w/.~]/.test(tag)) depth++;
        content.push(line);
        continue;
      }
      if (len !== fenceLen && depth === 1) {
        content.push(line);
        continue;
      }
      const next = lines[i + 1];
      const nextHasText = next !== undefined && next.trim() !== '' && !FENCE.test(next);
      if (depth === 1 && nextHasText && nestedAhead(lines, i)) {
        depth++;
        content.push(line);
        continue;
      }
      if (--depth === 0) {
        blocks.push({ lang, content: content.join('\n'), start, end: i + 1 });
        closed = true;
        i++;
        break;
      }
      content.push(line);
    }
    // An unclosed block is never run.
    if (!closed) break;
  }
  return blocks;
}

/** gptme's look-ahead: a bare fence within 20 lines with text within 4 lines after it. */
function nestedAhead(lines: readonly string[], i: number): boolean {
  for (let j = i + 1; j < Math.min(i + 20, lines.length); j++) {
    const l = lines[j] as string;
    if (/^`{3,}$/.test(l.trim())) {
      for (let k = j + 1; k < Math.min(j + 5, lines.length); k++)
        if ((lines[k] as string).trim() !== '') return true;
      return false;
    }
    if (FENCE.test(l) && l.trim().length > 3) return false;
  }
  return false;
}

/** The message without a thinking section, which gptme never runs blocks from; null if unclosed. */
function outsideThinking(text: string): string | null {
  for (const tag of ['thinking', 'think']) {
    const end = text.indexOf(`</${tag}>`);
    if (end >= 0) return text.slice(end + tag.length + 3);
  }
  return /(?:^|\n)<think(?:ing)?>/.test(text) ? null : text;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&apos;': "'",
};
const unescapeXml = (s: string): string =>
  s.replace(/&(?:lt|gt|amp|quot|apos);/g, (e) => XML_ENTITIES[e] ?? e);
const attrValues = (attrs: string): string[] =>
  [...attrs.matchAll(/[\w:-]+\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) =>
    unescapeXml(m[1] ?? m[2] ?? ''),
  );

/** `args` and `content` as gptme's `ToolUse` holds them, as JSON. */
const useArgs = (args: readonly string[], content: string): string =>
  JSON.stringify({ args, content });

/** The tool a block's tag names, and whether only older gptme ran it. */
export function tagTool(lang: string): { tool: string; old: boolean } | null {
  const word = lang.split(' ')[0] as string;
  const now = TAG_TOOLS[word];
  if (now !== undefined) return { tool: now, old: false };
  const then = OLD_TAGS[word];
  if (then !== undefined) return { tool: then, old: true };
  if (word !== '' && (lang.includes('.') || lang.includes('/'))) return { tool: 'save', old: true };
  return null;
}

/**
 * gptme's two XML forms: the element that holds calls, and a call inside it (its tool, its
 * attributes, its body).
 */
const XML_FORMS: readonly (readonly [RegExp, RegExp])[] = [
  [
    /<tool-use>([\s\S]*?)<\/tool-use>/g,
    /<([\w.-]+)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*?)<\/\1>/g,
  ],
  [
    /<function_calls>([\s\S]*?)<\/function_calls>/g,
    /<invoke\s+name\s*=\s*"([^"]+)"((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*?)<\/invoke>/g,
  ],
];

/**
 * The calls an assistant message makes, in order: its fenced blocks whose tag names a tool,
 * its `<tool-use>` and `<function_calls>` elements (gptme's XML tool format), and its
 * `@name(call_id): {…}` lines (native tool calls, as gptme writes them into the text).
 */
export function toolUses(content: string): ToolUse[] {
  const text = outsideThinking(content.replace(/\r\n?/g, '\n'));
  if (text === null) return [];
  const offset = content.length - text.length;
  const lines = text.split('\n');
  const lineStarts: number[] = [];
  let at = 0;
  for (const l of lines) {
    lineStarts.push(at);
    at += l.length + 1;
  }
  const uses: ToolUse[] = [];
  const blocks = fencedBlocks(lines);
  for (const b of blocks) {
    const t = tagTool(b.lang);
    if (t === null) continue;
    // save, append and patch keep the whole tag as their one argument; others its words after.
    const args = ['save', 'append', 'patch'].includes(t.tool)
      ? [b.lang]
      : b.lang.split(' ').slice(1);
    uses.push({
      tool: t.tool,
      args: useArgs(args, b.content),
      callId: null,
      start: offset + (lineStarts[b.start] ?? 0),
      old: t.old,
      end: offset + (lineStarts[b.end] ?? text.length),
    });
  }
  const inBlock = (pos: number): boolean =>
    blocks.some((b) => pos >= (lineStarts[b.start] ?? 0) && pos < (lineStarts[b.end] ?? Infinity));
  for (const [outer, inner] of XML_FORMS)
    for (const m of text.matchAll(outer)) {
      if (inBlock(m.index)) continue;
      for (const c of (m[1] as string).matchAll(inner)) {
        const at = offset + m.index + c.index;
        uses.push(xmlUse(c[1] as string, attrValues(c[2] as string), c[3] as string, at));
      }
    }
  for (const m of text.matchAll(/^@([\w.]+)\(([\w\-:.]+)\):\s*(\{)/gm)) {
    if (inBlock(m.index)) continue;
    const json = jsonObjectAt(text, m.index + m[0].length - 1);
    if (json === null) continue;
    uses.push({
      tool: m[1] as string,
      args: json,
      callId: m[2] as string,
      start: offset + m.index,
      old: false,
      end: Infinity,
    });
  }
  return uses.sort((a, b) => a.start - b.start);
}

function xmlUse(tool: string, args: string[], inner: string, start: number): ToolUse {
  const content = unescapeXml(inner.replace(/<[^>]*>/g, '')).trim();
  return { tool, args: useArgs(args, content), callId: null, start, old: false, end: Infinity };
}

/** The JSON object that opens at `from`, printed back; null if it does not close or parse. */
function jsonObjectAt(text: string, from: number): string | null {
  const end = objectEnd(text, from);
  if (end < 0) return null;
  try {
    const v: unknown = JSON.parse(text.slice(from, end));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : null;
  } catch {
    return null;
  }
}

/**
 * The calls gptme ran of those a message holds: an older tag's only where the message is
 * answered and holds no call of today's tags. Older gptme stopped a reply at the first block
 * it ran, so a block after it is newer gptme's, which leaves the older tags as text.
 */
export function runs(uses: readonly ToolUse[], answered: boolean): ToolUse[] {
  const current = uses.filter((u) => !u.old);
  return answered && current.length === 0 ? [...uses] : current;
}
