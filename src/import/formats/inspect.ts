// Importer: Inspect AI eval logs and their samples.
import { isJsonArray, isJsonObject, JsonNumber, ok } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import type { CallInput } from '../build';
import { displayText, narration } from '../content';
import { refKey } from '../dialects/shape';
import { finish, invalid } from '../format';
import type { ConversationOutput, FormatImporter, FormatOutput } from '../format';
import { plural } from '../warnings';

/**
 * Inspect AI eval logs: the `.json` `EvalLog` (`{version, eval, samples}`) or a lone
 * sample. One log holds many samples; each sample and epoch is a conversation of its own.
 * (`.eval` ZIP archives are opened in `zip.ts` and arrive here as samples.)
 */
export const importInspect: FormatImporter = (doc) => {
  if (doc.kind !== 'json') return invalid('An Inspect log is a single JSON document.');
  const v = doc.parsed.value;
  const samples = arr(v, 'samples');
  if (samples) {
    if (samples.length === 0)
      return invalid('The Inspect log holds no samples (it was written without them).');
    const conversations = samples.map((s) => sampleConversation(s, `sample ${sampleId(s)}`));
    const first = conversations[0] as ConversationOutput;
    return ok({
      messages: first.messages,
      warnings: first.warnings,
      ...(conversations.length > 1 ? { conversations } : {}),
    });
  }
  if (isJsonArray(field(v, 'messages'))) return ok(importSample(v));
  return invalid('The Inspect log has no `samples` and is not a sample.');
};

/** `<id> epoch <n>`, or the id alone when the sample names no epoch. */
function sampleId(s: JsonValue): string {
  const id = field(s, 'id');
  const epoch = field(s, 'epoch');
  const show = (x: JsonValue | undefined) =>
    typeof x === 'string' ? x : x instanceof JsonNumber ? x.lexeme : '?';
  return epoch !== undefined ? `${show(id)} epoch ${show(epoch)}` : show(id);
}

/** One sample as a labelled conversation. */
export function sampleConversation(sample: JsonValue, label: string): ConversationOutput {
  const out = importSample(sample);
  return { label, messages: out.messages, warnings: out.warnings };
}

/** One `EvalSample`'s messages (with `attachment://` references resolved) as chat messages. */
export function importSample(sample: JsonValue): FormatOutput & { warnings: string[] } {
  const c = new Conversation();
  const attachments = obj(sample, 'attachments');
  let missing = 0;
  const resolve = (x: JsonValue | undefined): JsonValue | undefined => {
    if (typeof x !== 'string' || !attachments) return x;
    const key = refKey(x);
    if (key === null) return x;
    const hit = attachments.get(key);
    if (typeof hit === 'string') return hit;
    missing++;
    return x;
  };
  const messages = arr(sample, 'messages') ?? [];
  // The agent's last reply, whose `submit` call its messages may leave out (an agent loop that
  // ends on it), stands whole in the sample's output under the same message id.
  const output = field(arr(obj(sample, 'output'), 'choices')?.[0], 'message');
  const outputId = str(output, 'id');
  for (const m of messages) {
    const role = str(m, 'role');
    const content = resolveContent(field(m, 'content'), resolve);
    if (role === 'assistant') {
      const own = arr(m, 'tool_calls') ?? [];
      const whole =
        own.length === 0 && outputId !== undefined && str(m, 'id') === outputId
          ? (arr(output, 'tool_calls') ?? own)
          : own;
      const calls: CallInput[] = [];
      for (const t of whole) {
        const fn = field(t, 'function');
        // Inspect names the tool in `function` (a string); older logs may nest it.
        const name = typeof fn === 'string' ? fn : (str(fn, 'name') ?? '');
        calls.push({
          id: str(t, 'id'),
          name,
          args: resolveArgs(field(t, 'arguments') ?? null, resolve),
        });
      }
      c.assistant(narration(content), calls);
    } else if (role === 'tool') {
      const err = field(m, 'error');
      c.result(
        str(m, 'tool_call_id'),
        str(m, 'function'),
        content,
        undefined,
        err !== undefined && err !== null,
      );
    } else {
      c.message(role ?? 'user', displayText(content));
    }
  }
  if (missing > 0)
    c.warnings.add(
      `${plural(missing, 'attachment reference')} could not be resolved and were kept as written.`,
    );
  return finish(c) as FormatOutput & { warnings: string[] };
}

function resolveContent(
  v: JsonValue | undefined,
  resolve: (x: JsonValue | undefined) => JsonValue | undefined,
): JsonValue | undefined {
  if (typeof v === 'string') return resolve(v);
  if (!isJsonArray(v)) return v;
  return v.map((p) => {
    if (!isJsonObject(p)) return p;
    const text = p.get('text');
    if (typeof text !== 'string' || !text.includes('://')) return p;
    const m: JsonObject = new Map(p);
    m.set('text', resolve(text) as JsonValue);
    return m;
  });
}

function resolveArgs(
  v: JsonValue,
  resolve: (x: JsonValue | undefined) => JsonValue | undefined,
): JsonValue {
  if (!isJsonObject(v)) return v;
  let out: JsonObject | null = null;
  for (const [k, x] of v) {
    const r = resolve(x);
    if (r !== x) {
      out ??= new Map(v);
      out.set(k, r as JsonValue);
    }
  }
  return out ?? v;
}
