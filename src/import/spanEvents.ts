// JSON Lines that log each span of a trace when it starts and again when it ends.
import { isJsonObject, ok, parseJson, printJson, type Result } from '../json/index';
import type { JsonObject } from '../json/index';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * A tracer's file processor may write a span twice, a line when it starts and a line when it
 * ends, each `{ event: "start" | "end", timestamp, span: { span_id, trace_id, parent_id, name,
 * kind, attributes, … } }` (RAAF's `FileSpanProcessor`, raaf-ai/raaf
 * `tracing/lib/raaf/tracing/spans.rb` @78b7f0b13b; its tool spans keep `tool.name`, and
 * `function.input` / `function.output` once the tool has run, `core/lib/raaf/runner.rb`
 * @9d4d9f359b). A tool's span at its start and at its end is one call, not two; each trace is
 * a run of its own. Such a file is read as its spans, each as its last line has it, in the
 * order they started: one a line, each naming its trace.
 */
const EVENTS: ReadonlySet<string> = new Set(['start', 'end', 'span_start', 'span_end']);
/** How many lines decide. */
const SAMPLE = 32;

/** The span a line logs, where it is such a line; else null. */
function spanOf(line: string): JsonObject | null {
  const t = line.trim();
  if (!t.startsWith('{')) return null;
  const p = parseJson(t);
  if (!p.ok || !isJsonObject(p.value.value)) return null;
  const o = p.value.value;
  const event = o.get('event') ?? o.get('type');
  const span = o.get('span');
  if (typeof event !== 'string' || !EVENTS.has(event) || !isJsonObject(span)) return null;
  const id = span.get('span_id') ?? span.get('spanId');
  return typeof id === 'string' && id !== '' ? span : null;
}

/** Whether a text is JSON Lines of spans' start and end events, a span at least logged twice. */
export function isSpanEvents(text: string): boolean {
  if (!/^\s*\{/.test(text.replace(/^\uFEFF/, ''))) return false;
  const lines = text
    .replace(/^\uFEFF/, '')
    .slice(0, 1 << 20)
    .split('\n')
    .slice(0, SAMPLE + 1)
    .slice(0, -1)
    .filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  const ids = new Set<string>();
  let twice = false;
  for (const l of lines) {
    const span = spanOf(l);
    if (span === null) return false;
    const id = (span.get('span_id') ?? span.get('spanId')) as string;
    if (ids.has(id)) twice = true;
    ids.add(id);
  }
  return twice;
}

/** Each span's last record as JSON Lines, in the order the spans started, and a note. */
export function spanEventsAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const spans = new Map<string, JsonObject>();
  let events = 0;
  let other = 0;
  for (const l of text.replace(/^\uFEFF/, '').split('\n')) {
    if (l.trim() === '') continue;
    const span = spanOf(l);
    if (span === null) {
      other++;
      continue;
    }
    events++;
    // A span's end record holds all its start record did and what came after (its output).
    spans.set((span.get('span_id') ?? span.get('spanId')) as string, span);
  }
  const left =
    other === 0 ? '' : ` ${plural(other, 'other line')} ${other === 1 ? 'was' : 'were'} left out.`;
  return ok({
    text: [...spans.values()].map((s) => printJson(s)).join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as ${plural(events, 'span event')} (a line when a span starts, another when it ends): ${plural(spans.size, 'span')}, each as its last line has it.${left}`,
  });
}
