// The OpenAI Responses dialect, shared by the formats that embed it: items to chat-completions
// messages, server-side tools set apart.
import { isJsonObject } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, str } from '../access';
import type { CallInput, Conversation, Span } from '../build';
import { displayText, narration } from '../content';
import { plural } from '../warnings';

const SERVER_ITEMS = new Set([
  'web_search_call',
  'file_search_call',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
]);
const OUTPUT_ITEMS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
  'computer_call_output',
]);

/**
 * Maps OpenAI Responses items, one at a time, onto a `Conversation`. Tool calls are
 * separate items: consecutive calls (and the assistant message just before them) form
 * one batch; outputs link back by `call_id`, never by the item `id`.
 */
export class ResponsesMapper {
  /** Whether the next call item joins the newest assistant turn. */
  private grouping = false;

  constructor(private readonly c: Conversation) {}

  /** Maps one item. */
  item(v: JsonValue, span?: Span): void {
    const c = this.c;
    const type = str(v, 'type');
    const call = callOf(v, type);
    if (call) {
      if (!(this.grouping && c.extendAssistant(null, [call]))) c.assistant(null, [call], span);
      this.grouping = true;
      return;
    }
    if (type !== undefined && OUTPUT_ITEMS.has(type)) {
      c.result(str(v, 'call_id'), undefined, outputOf(v), span);
      this.grouping = false;
      return;
    }
    if (type === 'message' || (type === undefined && isJsonObject(v) && v.has('role'))) {
      const role = str(v, 'role');
      const content = field(v, 'content');
      if (role === 'assistant') {
        c.assistant(narration(content), [], span);
        this.grouping = true;
      } else {
        c.message(role ?? 'user', displayText(content), span);
        this.grouping = false;
      }
      return;
    }
    if (type === 'reasoning' || type === 'compaction_summary') return;
    if (type !== undefined && SERVER_ITEMS.has(type)) {
      c.warnings.count(
        'server-item',
        (n) =>
          `Skipped ${plural(n, 'server-side tool item')} (web search, file search, hosted MCP, …): the API ran them, so they are not part of the client's tool loop.`,
      );
      return;
    }
    if (type === 'item_reference') {
      c.warnings.count(
        'item-ref',
        (n) =>
          `${plural(n, 'item')} only ${n === 1 ? 'refers' : 'refer'} to history stored on the server (item_reference); that history is missing here.`,
      );
      return;
    }
    c.warnings.count(
      `unknown-${type ?? '?'}`,
      (n) => `Skipped ${plural(n, 'item')} of unknown type "${type ?? '(none)'}".`,
    );
  }
}

function callOf(v: JsonValue, type: string | undefined): CallInput | null {
  switch (type) {
    case 'function_call':
      return {
        id: str(v, 'call_id'),
        name: str(v, 'name') ?? '',
        args: field(v, 'arguments') ?? null,
      };
    case 'custom_tool_call':
      // Free-form input (e.g. an apply_patch body) is raw text: it stays a string.
      return { id: str(v, 'call_id'), name: str(v, 'name') ?? '', args: field(v, 'input') ?? null };
    case 'local_shell_call':
      return {
        id: str(v, 'call_id') ?? str(v, 'id'),
        name: 'local_shell',
        args: field(v, 'action') ?? null,
      };
    case 'computer_call':
      return { id: str(v, 'call_id'), name: 'computer', args: field(v, 'action') ?? null };
    default:
      return null;
  }
}

function outputOf(v: JsonValue): JsonValue | undefined {
  return field(v, 'output');
}
