// ChatGPT's own messages: a tool call is an assistant message addressed to a tool.
import { get, getRec, getStr, has, isRec, type Rec } from './shape';

/**
 * The text a ChatGPT message's content carries: a code block's `text`, else its text parts
 * joined (`parts` of strings; objects such as image pointers are left out), else a `result`
 * (a browsing display) or `text`. Undefined when it carries no text at all.
 */
export function chatGptText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return joinParts(content);
  if (!isRec(content)) return undefined;
  const parts = get(content, 'parts');
  if (Array.isArray(parts) && getStr(content, 'content_type') !== 'code') {
    const t = joinParts(parts);
    if (t !== undefined) return t;
  }
  return getStr(content, 'text') ?? getStr(content, 'result');
}

function joinParts(parts: readonly unknown[]): string | undefined {
  let out: string | undefined;
  for (const p of parts) {
    const t = typeof p === 'string' ? p : isRec(p) ? getStr(p, 'text') : undefined;
    if (t !== undefined) out = out === undefined ? t : out + t;
  }
  return out;
}

/** Who wrote a ChatGPT message: `author.role`, or `role` in OpenAI's harmony messages. */
export function chatGptRole(o: Rec): string | undefined {
  const author = getRec(o, 'author');
  return author ? getStr(author, 'role') : getStr(o, 'role');
}

/** Recipients that are not tools: the conversation itself, or one of its speakers. */
const NOT_TOOLS = new Set(['all', 'assistant', 'user', 'system', '']);

/**
 * The tool an assistant message is addressed to, when its `recipient` is one (`python`,
 * `web.run`, `dalle.text2im`, a harmony `functions.<name>`, named `<name>`); else null.
 */
export function chatGptTool(o: Rec): string | null {
  const to = getStr(o, 'recipient');
  if (to === undefined || NOT_TOOLS.has(to) || !has(o, 'content')) return null;
  if (chatGptRole(o) !== 'assistant') return null;
  // Harmony addresses a developer's function as `functions.<name>`: the tool is `<name>`.
  return to.startsWith('functions.') && to.length > 10 ? to.slice(10) : to;
}

/**
 * The call such a message makes: the recipient is the tool, the content its input (a code
 * block's text, a JSON text, as written), the message's id the call's.
 */
export function chatGptCall(o: Rec): { id: string | null; name: string; args: unknown } | null {
  const name = chatGptTool(o);
  if (name === null) return null;
  const content = get(o, 'content');
  const id = getStr(o, 'id');
  return {
    id: id === undefined || id === '' ? null : id,
    name,
    args: chatGptText(content) ?? content,
  };
}
