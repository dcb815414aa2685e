// Importer: OpenAI Codex CLI rollouts, all three generations.
import { isJsonArray, JsonNumber, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { GrowingBlindSpots } from '../blindSpots';
import { Conversation } from '../build';
import { ResponsesMapper } from '../dialects/responses';
import { finish } from '../format';
import type { FormatImporter, FormatOutput } from '../format';
import { logRecords } from '../records';
import type { LogRecord } from '../records';
import { plural } from '../warnings';

/**
 * OpenAI Codex CLI rollouts, all three generations: (A) one JSON `{session, items}`,
 * (B) JSON Lines of bare Responses items after an `{id, instructions}` header, and
 * (C) JSON Lines of `{timestamp, type, payload}`; plus `codex exec --json` events.
 * Only the Responses items are read: `event_msg` lines duplicate them.
 */
export const importCodex: FormatImporter = (doc) => {
  const c = new Conversation();
  const m = new ResponsesMapper(c);
  if (doc.kind === 'json') {
    const items = arr(doc.parsed.value, 'items');
    if (items) {
      for (const it of items) m.item(it);
      return ok(finish(c));
    }
  }
  const records = logRecords(doc);
  return ok(codexOutput(records));
};

/** A rollout's records as its conversation. */
export function codexOutput(records: readonly LogRecord[]): FormatOutput {
  if (records.some(isExecStart)) return execEvents(records, new Conversation());
  const fold = new CodexFold();
  fold.add(records);
  return fold.output();
}

/** The first event of `codex exec --json`, whose records are read apart (`execEvents`). */
export function isExecStart(r: LogRecord): boolean {
  return str(r.value, 'type') === 'thread.started';
}

/**
 * A rollout's lines mapped in order into one conversation: what the next line's mapping needs
 * is kept, so a rollout that grows maps only its new lines.
 */
export class CodexFold {
  readonly conversation = new Conversation();
  private readonly mapper = new ResponsesMapper(this.conversation);
  private metas = 0;
  private compacted = 0;
  private readonly blind = new GrowingBlindSpots();

  add(records: readonly LogRecord[]): void {
    const c = this.conversation;
    const m = this.mapper;
    for (const r of records) {
      const v = r.value;
      const type = str(v, 'type');
      const payload = field(v, 'payload');
      if (payload !== undefined && type !== undefined) {
        if (type === 'response_item') m.item(payload, r.span);
        else if (type === 'session_meta') this.metas++;
        else if (type === 'compacted') {
          this.compacted++;
          const summary = str(payload, 'message');
          c.message('user', summary ?? '', r.span);
        }
        continue;
      }
      if (field(v, 'record_type') !== undefined) continue;
      if (
        type === undefined &&
        field(v, 'instructions') !== undefined &&
        field(v, 'role') === undefined
      )
        continue;
      m.item(v, r.span);
    }
  }

  output(): FormatOutput {
    const extra: string[] = [];
    if (this.metas > 1) {
      extra.push(
        `The file holds ${this.metas} session_meta lines (a forked or resumed session); the parent's copied history may repeat here.`,
      );
    }
    const compacted = this.compacted;
    if (compacted > 0) {
      extra.push(
        `The session was compacted ${compacted === 1 ? 'once' : `${compacted} times`}; each compaction appears as a user turn holding its summary.`,
      );
    }
    return {
      messages: this.conversation.messages,
      warnings: this.conversation.warnings.toArrayWith(extra),
      blindSpots: this.blind.of(this.conversation, 'codex'),
    };
  }
}

/** `codex exec --json`: each completed item carries its call and its result. */
function execEvents(records: readonly LogRecord[], c: Conversation) {
  let n = 0;
  for (const r of records) {
    if (str(r.value, 'type') !== 'item.completed') continue;
    const item = obj(r.value, 'item');
    const t = str(item, 'type') ?? str(item, 'item_type');
    const id = str(item, 'id');
    if (t === 'agent_message') {
      c.assistant(str(item, 'text') ?? '', [], r.span);
    } else if (t === 'command_execution') {
      c.assistant(
        null,
        [
          {
            id,
            name: 'command_execution',
            args: new Map<string, JsonValue>([['command', field(item, 'command') ?? null]]),
          },
        ],
        r.span,
      );
      c.result(id, undefined, field(item, 'aggregated_output') ?? null, r.span, failed(item));
      n++;
    } else if (t === 'mcp_tool_call') {
      c.assistant(
        null,
        [
          {
            id,
            name: `${str(item, 'server') ?? 'mcp'}.${str(item, 'tool') ?? ''}`,
            args: field(item, 'arguments') ?? null,
          },
        ],
        r.span,
      );
      c.result(id, undefined, field(item, 'result') ?? null, r.span, failed(item));
      n++;
    } else if (t === 'file_change') {
      const changes = field(item, 'changes');
      c.assistant(
        null,
        [{ id, name: 'file_change', args: isJsonArray(changes) ? changes : null }],
        r.span,
      );
      c.result(id, undefined, field(item, 'status') ?? null, r.span, failed(item));
      n++;
    }
  }
  c.warnings.add(
    `codex exec --json records no user prompt and no parallel batches: each of the ${plural(n, 'tool item')} is its own batch.`,
  );
  return finish(c);
}

/**
 * Codex's own failure mark on an item: a non-zero `exit_code` or `status: "failed"`;
 * undefined while the item has neither (still running, or an older writer).
 */
function failed(item: JsonValue | undefined): boolean | undefined {
  const code = field(item, 'exit_code');
  if (code instanceof JsonNumber) return Number(code.lexeme) !== 0;
  const status = str(item, 'status');
  if (status === 'failed') return true;
  return status === 'completed' ? false : undefined;
}
