// Importer: OpenAI Chat Completions request bodies, message arrays and responses.
import { referenceScan } from '../../detector/index';
import {
  emptyDiagnostics,
  isJsonArray,
  isJsonObject,
  mergeDiagnostics,
  ok,
} from '../../json/index';
import type { ChatMessage } from '../../detector/index';
import type { JsonValue, ParsedJson } from '../../json/index';
import { arr, field } from '../access';
import {
  convertLegacy,
  hasToolResponses,
  rawMessage,
  rawMessages,
  responseMessage,
  unrollToolResponses,
  usesLegacyFunctions,
  warnMissingIds,
} from '../dialects/openai';
import { invalid } from '../format';
import type { FormatImporter, FormatOutput } from '../format';
import { elementSpans, topElementSpans } from '../spans';
import type { TextSpan } from '../spans';
import type { JsonlLine } from '../text';
import { pickSnapshot, snapshotGroups } from '../snapshots';
import { promptLabel } from '../content';
import { plural, Warnings } from '../warnings';

/**
 * OpenAI Chat Completions: a request body, a bare `messages` array, a response
 * (`choices[0].message`), a logged request with its response, or JSON Lines (one
 * message per line, or one request / dataset conversation per line). Messages keep
 * their raw values; only legacy function calling is rewritten, with a warning.
 */
export const importOpenAiChat: FormatImporter = (doc) => {
  const w = new Warnings();
  if (doc.kind === 'jsonl') return fromLines(doc.lines, doc.text, w);
  const v = doc.parsed.value;
  if (isJsonArray(v))
    return ok(build(v, topElementSpans(doc.parsed, doc.text, null), doc.text, doc.parsed, null, w));
  if (!isJsonObject(v)) return invalid('An OpenAI chat transcript must be a JSON object or array.');
  const messages = v.get('messages');
  const reply = replyOf(v, w);
  if (isJsonArray(messages)) {
    return ok(
      build(
        messages,
        topElementSpans(doc.parsed, doc.text, 'messages'),
        doc.text,
        doc.parsed,
        reply,
        w,
      ),
    );
  }
  if (messages === undefined && reply !== null) {
    return ok(build([], null, null, null, reply, w));
  }
  if (messages !== undefined) {
    // The reference fails open on a non-array `messages`; report that rather than guess.
    return ok({ messages: [], warnings: w.toArray(), referenceScan: referenceScan(doc.parsed) });
  }
  return invalid('The JSON object has neither a `messages` array nor `choices`.');
};

/** The reply logged with a request: `choices` on the object itself or under `response`. */
function replyOf(v: JsonValue, w: Warnings): JsonValue | null {
  if (arr(v, 'choices')) return responseMessage(v, w);
  const resp = field(v, 'response');
  if (arr(resp, 'choices')) return responseMessage(resp as JsonValue, w);
  return null;
}

function build(
  written: readonly JsonValue[],
  writtenSpans: TextSpan[] | null,
  text: string | null,
  parsed: ParsedJson | null,
  reply: JsonValue | null,
  w: Warnings,
): FormatOutput {
  const unrolled = unrollToolResponses(written);
  const list = unrolled ?? written;
  const spans = unrolled === null ? writtenSpans : null;
  if (unrolled !== null) {
    const n = written.reduce<number>(
      (k, m) => k + (hasToolResponses(m) ? (arr(m, 'tool_responses')?.length ?? 0) : 0),
      0,
    );
    w.add(
      `Read AutoGen's \`tool_responses\` as the ${plural(n, 'tool message')} it sends the model in their place.`,
    );
  }
  const messages: ChatMessage[] = rawMessages(list, spans);
  const all = reply !== null ? list.concat([reply]) : list;
  if (reply !== null) messages.push(rawMessage(reply));
  const legacy = usesLegacyFunctions(all);
  if (legacy) convertLegacy(all, messages, w);
  const nonObject = list.reduce<number>((n, m) => (isJsonObject(m) ? n : n + 1), 0);
  if (nonObject > 0) {
    w.add(
      `${plural(nonObject, 'element')} of the messages array ${nonObject === 1 ? 'is' : 'are'} not a JSON object.`,
    );
  }
  warnMissingIds(messages, w);
  // Every message is then `rawMessage` of the element at its span, so it can be rebuilt from
  // the text alone (see spanMessages.ts).
  const rebuildable =
    text !== null && spans !== null && spans.length === list.length && reply === null && !legacy;
  return {
    messages,
    warnings: w.toArray(),
    referenceScan: parsed ? referenceScan(parsed) : 'scanned',
    ...(rebuildable ? { spanText: text } : {}),
  };
}

function fromLines(
  lines: readonly JsonlLine[],
  text: string,
  w: Warnings,
): ReturnType<FormatImporter> {
  const bodies = lines.filter((l) => isJsonArray(field(l.value, 'messages')));
  if (bodies.length === 0) {
    // One message per line.
    const list = lines.map((l) => l.value);
    const spans = lines.map((l) => ({ start: l.start, end: l.end }));
    return ok(build(list, spans, text, mergedParse(lines), null, w));
  }
  const groups = snapshotGroups(bodies);
  if (groups.length === 1) return ok(fromSnapshot(pickSnapshot(bodies, w), text, w));
  // Several conversations (a dataset, runs printed one after another): each read whole.
  const held = `The file holds ${groups.length} conversations, one a line or one over several lines (the requests of one conversation as it grew, rebuilt from the longest).`;
  const convs = groups.map((g) => {
    const own = new Warnings();
    own.add(held);
    const out = fromSnapshot(pickSnapshot(g, own), text, own);
    const prompt = out.messages.find((m) => m.role === 'user');
    const words = typeof prompt?.content === 'string' ? promptLabel(prompt.content) : '';
    return {
      ...out,
      label:
        words === ''
          ? `line ${(g[0] as JsonlLine).line}`
          : `line ${(g[0] as JsonlLine).line} · ${words}`,
    };
  });
  const first = convs[0] as (typeof convs)[number];
  return ok({
    ...first,
    conversations: convs.map((c) => ({
      label: c.label,
      messages: c.messages,
      warnings: c.warnings,
    })),
  });
}

/** One conversation, from the request picked as its longest. */
function fromSnapshot(pick: JsonlLine, text: string, w: Warnings): FormatOutput {
  const list = arr(pick.value, 'messages') as JsonValue[];
  const local = elementSpans(text.slice(pick.start, pick.end), 'messages');
  const spans = local
    ? local.map((s) => ({ start: s.start + pick.start, end: s.end + pick.start }))
    : null;
  return build(
    list,
    spans,
    text,
    { value: pick.value, diagnostics: pick.diagnostics },
    replyOf(pick.value, w),
    w,
  );
}

/** A message-per-line file judged as if it were one bare array. */
function mergedParse(lines: readonly JsonlLine[]): ParsedJson {
  const d = emptyDiagnostics();
  for (const l of lines) {
    mergeDiagnostics(d, l.diagnostics, 1);
    for (const o of l.diagnostics.duplicateKeyObjects ?? []) d.duplicateKeyObjects.push(o);
  }
  return { value: lines.map((l) => l.value), diagnostics: d };
}
