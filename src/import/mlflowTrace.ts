// An MLflow trace, read as the chat histories its model calls kept.
import { err, ok, type Result } from '../json/index';
import { chatLines, isObj, jsonOf, type Obj } from './chatJson';
import type { ImportError } from './types';
import { Finding } from './text';
import { inputLabel, plural } from './warnings';

/**
 * MLflow's tracing (its autologging of OpenAI, LangChain, LlamaIndex, CrewAI, … calls) keeps,
 * on each model call's span, the whole chat the model was given and its answer in OpenAI's
 * form under the attribute `mlflow.chat.messages` (mlflow/mlflow `mlflow/tracing/utils/
 * __init__.py` @2ce93b8ce8 `set_span_chat_messages`, written by each integration's
 * `set_span_chat_attributes`, e.g. `mlflow/crewai/chat.py`). A trace's file (`traces.json`,
 * `TraceData.to_dict`: `{ spans: [...] }`, or a whole `Trace` with `data.spans`) keeps every
 * attribute as JSON text. The spans around those calls (the agent's steps, its tools, a
 * parser's input and output) copy the same calls again, as text a ReAct agent wrote, so the
 * trace is read as the model's calls saw it: of the calls whose chats open alike (one
 * conversation, growing), the chat of the last to start, one request body a line.
 */
const KEY = 'mlflow.chat.messages';

/** How a trace's JSON opens: `{ spans }`, a whole trace's `{ info, data }`, or a list of them. */
const TRACE_OPENING = /^\s*\[?\s*\{\s*"(?:spans|info|data)"\s*:/;

/** The chats found by the test, kept for the read that follows it: a trace is parsed once. */
const tested = new Finding(chats, (c) => c !== null);

/** Whether a text may be such a trace (one search of the text, then a parse). */
export function isMlflowTrace(text: string): boolean {
  // The opening first: a search of a 100 MB text that is no trace costs tens of milliseconds.
  if (!TRACE_OPENING.test(text.slice(0, 256)) || !text.includes(`"${KEY}"`)) return false;
  return tested.of(text) !== null;
}

/** The chats a trace's model calls kept, in the order they started; null when it is none. */
function chats(text: string): unknown[][] | null {
  const v = decoded(text);
  if (v === undefined) return null;
  const traces = Array.isArray(v) ? v : [v];
  const found: { start: number; at: number; messages: unknown[] }[] = [];
  for (const t of traces) {
    if (!isObj(t)) return null;
    const data = isObj(t['data']) ? t['data'] : t;
    const spans = data['spans'];
    if (!Array.isArray(spans)) return null;
    for (const s of spans) {
      const attributes = isObj(s) && isObj(s['attributes']) ? s['attributes'] : undefined;
      const messages = attributes === undefined ? undefined : decoded(attributes[KEY]);
      if (!Array.isArray(messages) || messages.length === 0) continue;
      const start = Number((s as Obj)['start_time_unix_nano'] ?? (s as Obj)['start_time_ns'] ?? 0);
      found.push({ start: Number.isFinite(start) ? start : 0, at: found.length, messages });
    }
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a.start - b.start || a.at - b.at);
  // One conversation's calls each keep the history so far, and the next keeps the answer as the
  // agent put it back (a ReAct agent trims the text it parsed): the last call of each history,
  // told by its first two messages, holds it whole.
  const last = new Map<string, unknown[]>();
  for (const f of found) last.set(JSON.stringify(f.messages.slice(0, 2)), f.messages);
  return [...last.values()];
}

/** An attribute as MLflow keeps it: JSON text, or the value itself. */
function decoded(v: unknown): unknown {
  return typeof v === 'string' ? jsonOf(v) : v;
}

/** The trace as JSON Lines of request bodies, one a model call, and a note. */
export function mlflowTraceAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const list = tested.take(text);
  if (list === null) {
    return err({
      kind: 'invalid',
      message: `${inputLabel(name, 'The input')} names MLflow's chat messages but holds no trace's spans that keep them.`,
    });
  }
  return ok({
    text: chatLines(list),
    note: `Read an MLflow trace as the ${plural(list.length, 'chat')} its model calls kept (\`${KEY}\`), each as its last call was sent it.`,
  });
}
