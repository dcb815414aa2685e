// Gemini CLI chats and checkpoints (docs/formats.md): its records to chat-completions messages.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import { Conversation } from '../build';
import type { CallInput, Span } from '../build';
import { displayText } from '../content';
import { functionResponseOf, mapGeminiContent, mapSystemInstruction } from '../dialects/gemini';
import { finish } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';
import { elementSpans } from '../spans';
import { plural } from '../warnings';

interface Rec {
  value: JsonValue;
  span: Span;
}

/**
 * Gemini CLI sessions: the legacy JSON `{sessionId, projectHash, messages}`, the JSONL
 * append log (`$set` / `$rewindTo` lines, messages re-appended under the same id: the
 * last record wins at its first position), and `/chat save` checkpoints (`{history}`).
 * Tool calls sit on the `gemini` record with their results.
 */
export const importGeminiCli: FormatImporter = (doc) => {
  const c = new Conversation();
  if (
    doc.kind === 'json' &&
    isJsonObject(doc.parsed.value) &&
    isJsonArray(doc.parsed.value.get('history'))
  ) {
    const v = doc.parsed.value;
    mapSystemInstruction(field(v, 'systemInstruction'), c);
    const history = arr(v, 'history') as JsonValue[];
    const spans = elementSpans(doc.text, 'history');
    history.forEach((h, i) =>
      mapGeminiContent(h, c, spans && spans.length === history.length ? spans[i] : undefined),
    );
    return ok(finish(c));
  }
  const records = collect(doc, c);
  mapRecords(records, c);
  return ok(finish(c));
};

/** Applies the append-log rules and returns the surviving message records in order. */
function collect(doc: Parameters<FormatImporter>[0], c: Conversation): Rec[] {
  let byId = new Map<string, Rec>();
  let anon = 0;
  let rewinds = 0;
  const add = (value: JsonValue, span: Span) => {
    const id = str(value, 'id') ?? `\u0000${anon++}`;
    byId.set(id, { value, span });
  };
  if (doc.kind === 'json' && !isJsonArray(doc.parsed.value)) {
    const list = arr(doc.parsed.value, 'messages') ?? [];
    const spans = elementSpans(doc.text, 'messages');
    list.forEach((m, i) => add(m, spans && spans.length === list.length ? spans[i] : undefined));
  } else {
    for (const r of logRecords(doc)) {
      const v = r.value;
      const rewind = str(v, '$rewindTo');
      if (rewind !== undefined) {
        rewinds++;
        const next = new Map<string, Rec>();
        // The CLI clears everything when the target is unknown.
        if (byId.has(rewind)) {
          for (const [k, x] of byId) {
            if (k === rewind) break;
            next.set(k, x);
          }
        }
        byId = next;
        continue;
      }
      const set = field(v, '$set');
      if (set !== undefined) {
        const msgs = arr(set, 'messages');
        if (msgs) {
          byId = new Map();
          for (const m of msgs) add(m, undefined);
        }
        continue;
      }
      if (field(v, 'sessionId') !== undefined && field(v, 'projectHash') !== undefined) continue;
      if (field(v, 'type') === undefined) continue;
      add(v, r.span);
    }
  }
  if (rewinds > 0) {
    c.warnings.add(
      `Applied ${plural(rewinds, 'rewind')} ($rewindTo): the messages it removed are not shown.`,
    );
  }
  return [...byId.values()];
}

function mapRecords(records: readonly Rec[], c: Conversation): void {
  const answered = new Set<string>();
  // The subagents the calls ran, named in one warning.
  const agents = new Set<string>();
  let notices = 0;
  for (const { value: r, span } of records) {
    const type = str(r, 'type');
    const content = field(r, 'content');
    if (type === 'gemini') {
      const calls: CallInput[] = [];
      const toolCalls = arr(r, 'toolCalls') ?? [];
      for (const tc of toolCalls) {
        calls.push({
          id: str(tc, 'id'),
          name: str(tc, 'name') ?? '',
          args: field(tc, 'args') ?? null,
        });
        const shown = field(tc, 'resultDisplay');
        if (field(shown, 'isSubagentProgress') === true)
          subagent(c, agents, str(shown, 'agentName'));
      }
      const idx = c.assistant(textOf(content), calls, span);
      const msg = c.messages[idx];
      const ids = isJsonArray(msg?.tool_calls) ? msg.tool_calls.map((t) => str(t, 'id') ?? '') : [];
      toolCalls.forEach((tc, i) => {
        const result = field(tc, 'result');
        if (result === undefined || result === null) return;
        const id = ids[i] ?? '';
        answered.add(id);
        // Gemini CLI records each call's outcome as `status` ("success", "error", "cancelled").
        const status = str(tc, 'status');
        c.result(
          id,
          undefined,
          resultContent(result),
          span,
          status === undefined ? undefined : status === 'error',
        );
      });
      continue;
    }
    if (type === 'user') {
      const parts = isJsonArray(content) ? content : null;
      if (parts && parts.length > 0 && parts.every((p) => functionResponseOf(p) !== undefined)) {
        // Newer CLIs write each batch's results again as a user record: results, not a person.
        let dup = 0;
        for (const p of parts) {
          const fr = functionResponseOf(p);
          const id = str(fr, 'id');
          if (id !== undefined && answered.has(id)) {
            dup++;
            continue;
          }
          const used = c.result(id, str(fr, 'name'), field(fr, 'response'), span);
          answered.add(used);
        }
        if (dup > 0) {
          c.warnings.count(
            'dup-results',
            (n) =>
              `Skipped ${plural(n, 'repeated tool result')} (user records that re-send results already on the gemini record).`,
          );
        }
        continue;
      }
      c.message('user', displayText(content), span);
      continue;
    }
    notices++;
  }
  if (notices > 0)
    c.warnings.add(
      `Skipped ${plural(notices, 'info, warning or error record')} (UI notices, not turns).`,
    );
}

/**
 * A call that ran a subagent keeps, as its display, the subagent's progress: its last few steps
 * (`recentActivity`, cut to the last three by google-gemini/gemini-cli
 * `packages/core/src/agents/local-invocation.ts` @0092cddd55), not its own calls.
 */
function subagent(c: Conversation, names: Set<string>, name: string | undefined): void {
  if (name !== undefined) names.add(name);
  c.warnings.count('subagents', (n) => {
    const who = names.size === 0 ? '' : ` (${[...names].map((x) => `\`${x}\``).join(', ')})`;
    return `${plural(n, 'tool call')} ran a subagent${who}: the session keeps only its last steps as shown on screen, not its own tool calls, so loops inside it cannot be seen here.`;
  });
}

function textOf(content: JsonValue | undefined): string | null {
  if (typeof content === 'string') return content;
  if (isJsonArray(content)) {
    let out: string | null = null;
    for (const p of content) {
      const t =
        typeof p === 'string'
          ? p
          : p !== null && isJsonObject(p) && p.get('thought') !== true
            ? str(p, 'text')
            : undefined;
      if (t !== undefined) out = out === null ? t : out + t;
    }
    return out;
  }
  return null;
}

/** A call record's result: the `functionResponse.response` when it is the only part. */
function resultContent(result: JsonValue): JsonValue {
  if (isJsonArray(result) && result.length === 1) {
    const fr = functionResponseOf(result[0] as JsonValue);
    const resp = field(fr, 'response');
    if (resp !== undefined) return resp;
  }
  return result;
}
