// An Anthropic Messages SSE stream put back together into the messages it streamed.
import { isJsonArray, parseJson } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { field, obj, str } from '../access';
import { plural } from '../warnings';
import type { Warnings } from '../warnings';
import { indexField, object } from './shared';
import type { Assembled } from './shared';

interface MessageAcc {
  readonly shell: JsonObject;
  readonly blocks: Map<number, JsonObject>;
  /** A tool block's `input_json_delta` pieces, joined, until its `content_block_stop`. */
  readonly partial: Map<number, string>;
  stopped: boolean;
}

/**
 * Anthropic Messages stream events, folded as the Anthropic SDK's message stream folds
 * them: `message_start` gives the shell, blocks open at their `index`, a tool block's
 * `input_json_delta` pieces are joined and parsed at its `content_block_stop`. A second
 * `message_start` is the next request's reply.
 */
export function anthropicEvents(events: readonly JsonValue[], w: Warnings): Assembled {
  const replies: JsonValue[] = [];
  let unfinished = 0;
  let badInput = 0;
  let cur: MessageAcc | null = null;
  const open = (shell: JsonObject | undefined): MessageAcc => {
    const acc: MessageAcc = {
      shell: shell ? new Map(shell) : object([['role', 'assistant']]),
      blocks: new Map(),
      partial: new Map(),
      stopped: false,
    };
    const content = field(shell, 'content');
    if (isJsonArray(content))
      content.forEach((b, i) => {
        if (b instanceof Map) acc.blocks.set(i, new Map(b));
      });
    return acc;
  };
  const settle = (acc: MessageAcc, index: number) => {
    const json = acc.partial.get(index);
    const b = acc.blocks.get(index);
    if (json === undefined || !b) return;
    acc.partial.delete(index);
    if (json.trim() === '') b.set('input', new Map());
    else {
      const p = parseJson(json);
      if (!p.ok) badInput++;
      b.set('input', p.ok ? p.value.value : json);
    }
  };
  const close = () => {
    if (!cur) return;
    for (const i of [...cur.partial.keys()]) settle(cur, i);
    if (!cur.stopped) unfinished++;
    const blocks = [...cur.blocks.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    const message = new Map(cur.shell);
    message.set('content', blocks);
    replies.push(message);
    cur = null;
  };
  for (const e of events) {
    const t = str(e, 'type');
    if (t === 'message_start') {
      close();
      cur = open(obj(e, 'message'));
      continue;
    }
    if (t === undefined || t === 'ping' || t === 'error') continue;
    // A capture that starts mid-reply still has the blocks that follow.
    cur ??= open(undefined);
    const index = indexField(e, 'index') ?? cur.blocks.size;
    if (t === 'content_block_start') {
      const b = obj(e, 'content_block');
      cur.blocks.set(index, b ? new Map(b) : new Map());
    } else if (t === 'content_block_delta') {
      const b = cur.blocks.get(index);
      const d = obj(e, 'delta');
      if (b && d) addDelta(cur, index, b, d);
    } else if (t === 'content_block_stop') settle(cur, index);
    else if (t === 'message_delta') {
      const d = obj(e, 'delta');
      const stop = field(d, 'stop_reason');
      if (stop !== undefined) cur.shell.set('stop_reason', stop);
      const usage = obj(e, 'usage');
      // `output_tokens` is the running total: assigned, not added.
      if (usage) cur.shell.set('usage', new Map([...(obj(cur.shell, 'usage') ?? []), ...usage]));
    } else if (t === 'message_stop') {
      cur.stopped = true;
      close();
    }
  }
  close();
  if (badInput > 0) {
    w.add(
      `${plural(badInput, 'streamed tool input')} ${badInput === 1 ? 'is' : 'are'} not valid JSON once joined (cut short?); each was kept as its raw text.`,
    );
  }
  return { replies, unfinished };
}

function addDelta(acc: MessageAcc, index: number, b: JsonObject, d: JsonObject): void {
  const type = str(d, 'type');
  if (type === 'text_delta') b.set('text', (str(b, 'text') ?? '') + (str(d, 'text') ?? ''));
  else if (type === 'input_json_delta')
    acc.partial.set(index, (acc.partial.get(index) ?? '') + (str(d, 'partial_json') ?? ''));
  else if (type === 'thinking_delta')
    b.set('thinking', (str(b, 'thinking') ?? '') + (str(d, 'thinking') ?? ''));
  else if (type === 'signature_delta') b.set('signature', field(d, 'signature') ?? '');
  else if (type === 'citations_delta') {
    const citation = field(d, 'citation');
    const list = field(b, 'citations');
    if (citation !== undefined) b.set('citations', [...(isJsonArray(list) ? list : []), citation]);
  }
}
