// Importer: ChatGPT's data export (`conversations.json`), or one conversation of it.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { field, obj, str } from '../access';
import { Conversation } from '../build';
import { chatGptTool, chatGptText } from '../dialects/chatgpt';
import { finish, invalid } from '../format';
import type { ConversationOutput, FormatImporter } from '../format';
import { plural } from '../warnings';

/**
 * ChatGPT's data export: `conversations.json` is a list of conversations (one conversation
 * alone is what the site's own conversation endpoint returns), each `{ title, mapping,
 * current_node, … }` where `mapping` holds the messages as a tree keyed by id, in no useful
 * order: `{ id, message, parent, children }`. An edited prompt or a regenerated answer is a
 * second child; the conversation shown is the path from the root to `current_node`
 * (mitkury/chatgpt-export-parser docs/chatgpt-data-export-format.md @08e6ae5958).
 *
 * A message `{ author: { role }, recipient, content: { content_type, … } }` addressed to a
 * tool (`recipient` not `all`) is a call (`chatgpt`, dialects/families/sessions.ts); the tool's reply
 * (`author.role` `tool`) answers it.
 */
export function isChatGptConversation(v: JsonValue | undefined): boolean {
  return (
    isJsonObject(v) &&
    isJsonObject(v.get('mapping')) &&
    (v.has('current_node') || v.has('conversation_id'))
  );
}

/** A ChatGPT export: a list whose first item is a conversation, or one conversation. */
export function isChatGptExport(v: JsonValue): boolean {
  if (isJsonArray(v)) return v.length > 0 && isChatGptConversation(v[0]);
  return isChatGptConversation(v);
}

export const importChatGpt: FormatImporter = (doc) => {
  const v = doc.kind === 'json' ? doc.parsed.value : null;
  if (v === null || !isChatGptExport(v))
    return invalid(
      'A ChatGPT export is `conversations.json` (a list of conversations) or one conversation `{ title, mapping, current_node }`.',
    );
  const list = isJsonArray(v) ? v : [v];
  const conversations: ConversationOutput[] = [];
  let skipped = 0;
  list.forEach((item, i) => {
    if (!isJsonObject(item) || !isChatGptConversation(item)) {
      skipped++;
      return;
    }
    const name = str(item, 'title') || str(item, 'id') || `conversation ${i + 1}`;
    for (const c of conversationOf(item, name)) conversations.push(c);
  });
  if (conversations.length === 0)
    return invalid('The ChatGPT export holds no conversation with messages.');
  const first = conversations[0] as ConversationOutput;
  const extra =
    skipped > 0
      ? [
          `Skipped ${plural(skipped, 'item')} of the list that ${skipped === 1 ? 'is' : 'are'} not a conversation.`,
        ]
      : [];
  return ok({
    messages: first.messages,
    warnings: [...extra, ...first.warnings],
    ...(conversations.length > 1 ? { conversations } : {}),
  });
};

interface Node {
  readonly id: string;
  readonly message: JsonObject | undefined;
  readonly parent: string | undefined;
  readonly children: string[];
}

/**
 * One conversation: the path to its current node, then each other branch (an answer
 * regenerated, a prompt edited) that holds a tool call, from where it leaves the paths
 * already read, so each call is read once. Branches without a call are left out, said in a note.
 */
function conversationOf(conv: JsonObject, name: string): ConversationOutput[] {
  const nodes = nodesOf(conv);
  const current = str(conv, 'current_node');
  const leaves = leavesOf(nodes);
  const main = current !== undefined && nodes.has(current) ? current : leaves[leaves.length - 1];
  const out: ConversationOutput[] = [];
  const mainPath = main === undefined ? [] : pathTo(nodes, main);
  out.push(build(nodes, mainPath, name));
  let left = 0;
  let branch = 0;
  // Each node is climbed through once: a branch's own part ends at a node already read or
  // already found to make no call, so no shape of tree makes this quadratic.
  const seen = new Set<string>(mainPath);
  for (const leaf of leaves) {
    const own: string[] = [];
    for (let id: string | undefined = leaf; id !== undefined && !seen.has(id);) {
      seen.add(id);
      own.push(id);
      id = nodes.get(id)?.parent;
    }
    own.reverse();
    if (!own.some((id) => toolOf(nodes.get(id)) !== null)) {
      left += own.filter((id) => nodes.get(id)?.message !== undefined).length;
      continue;
    }
    out.push(build(nodes, own, `${name} (branch ${++branch})`));
  }
  if (left > 0) {
    const first = out[0] as ConversationOutput;
    first.warnings.unshift(
      `Skipped ${plural(left, 'message')} on other branches (edited prompts, regenerated answers) that make no tool call; read the conversation to its current node.`,
    );
  }
  return out;
}

function nodesOf(conv: JsonObject): Map<string, Node> {
  const nodes = new Map<string, Node>();
  const mapping = obj(conv, 'mapping');
  mapping?.forEach((n, key) => {
    if (!isJsonObject(n)) return;
    const message = field(n, 'message');
    const children = field(n, 'children');
    nodes.set(key, {
      id: key,
      message: isJsonObject(message) ? message : undefined,
      parent: str(n, 'parent'),
      children: isJsonArray(children)
        ? children.filter((c): c is string => typeof c === 'string')
        : [],
    });
  });
  return nodes;
}

/** The leaves of the tree, in the order of a walk from its roots through children in order. */
function leavesOf(nodes: Map<string, Node>): string[] {
  const leaves: string[] = [];
  const seen = new Set<string>();
  const roots = [...nodes.values()].filter((n) => n.parent === undefined || !nodes.has(n.parent));
  // Iterative, so no depth of tree can overflow the stack.
  const stack = roots.map((r) => r.id).reverse();
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const kids = (nodes.get(id)?.children ?? []).filter((k) => nodes.has(k) && !seen.has(k));
    if (kids.length === 0) leaves.push(id);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as string);
  }
  return leaves;
}

/** The ids from the root down to `id`, by parent links (a cycle ends the walk). */
function pathTo(nodes: Map<string, Node>, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let cur: string | undefined = id;
  while (cur !== undefined && !seen.has(cur) && nodes.has(cur)) {
    seen.add(cur);
    path.push(cur);
    cur = nodes.get(cur)?.parent;
  }
  return path.reverse();
}

function toolOf(n: Node | undefined): string | null {
  return n?.message === undefined ? null : chatGptTool(n.message);
}

/** Context the model was given rather than a turn: custom instructions, memories. */
const CONTEXT_TYPES = new Set(['user_editable_context', 'model_editable_context']);

function build(
  nodes: Map<string, Node>,
  path: readonly string[],
  label: string,
): ConversationOutput {
  const c = new Conversation();
  let open: { id: string; name: string } | null = null;
  let unanswerable = 0;
  for (const id of path) {
    const m = nodes.get(id)?.message;
    if (m === undefined) continue;
    const role = str(field(m, 'author'), 'role');
    const content = field(m, 'content');
    const type = str(content, 'content_type');
    const written = chatGptText(content);
    const tool = chatGptTool(m);
    if (tool !== null) {
      const callId = str(m, 'id') || id;
      c.assistant(null, [{ id: callId, name: tool, args: written ?? content ?? null }]);
      open = { id: callId, name: tool };
      continue;
    }
    const text = written ?? '';
    if (role === 'tool') {
      if (open === null) {
        unanswerable++;
        continue;
      }
      // The code interpreter marks a run that raised: `failed_with_in_kernel_exception`.
      const status = str(field(field(m, 'metadata'), 'aggregate_result'), 'status');
      c.result(open.id, open.name, text, undefined, status?.startsWith('failed'));
      open = null;
      continue;
    }
    if (role === 'assistant') {
      // Hidden reasoning (`thoughts`, `reasoning_recap`) is no turn of the conversation.
      if (type !== undefined && type !== 'text' && type !== 'multimodal_text') continue;
      if (text !== '') c.assistant(text, []);
      continue;
    }
    if (role === 'user' && (type === undefined || !CONTEXT_TYPES.has(type))) {
      c.message('user', text);
      continue;
    }
    if (text !== '') c.message('system', text);
  }
  const out = finish(c);
  if (unanswerable > 0)
    out.warnings.push(
      `${plural(unanswerable, 'tool message')} answered no call made before ${unanswerable === 1 ? 'it' : 'them'} (a file's quoted text, a tool's notice); ${unanswerable === 1 ? 'it was' : 'they were'} left out.`,
    );
  return { label, messages: out.messages, warnings: out.warnings };
}
