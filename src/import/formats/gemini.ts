// Importer: Google Gemini contents, requests and recorded responses.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, either, field, str } from '../access';
import { Conversation } from '../build';
import { mapGeminiContent, mapSystemInstruction } from '../dialects/gemini';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { pickSnapshot } from '../snapshots';
import { elementSpans } from '../spans';
import type { TextSpan } from '../spans';
import { plural } from '../warnings';

/**
 * Google Gemini `contents`: a request (`contents`, `systemInstruction`), a response
 * (`candidates`), a logged request with its response, a bare contents array, an array
 * of streamed response chunks, or JSON Lines. Python dumps' snake_case keys work too.
 */
export const importGemini: FormatImporter = (doc) => {
  const c = new Conversation();
  if (doc.kind === 'jsonl') {
    if (doc.lines.some((l) => isRecordedResponse(l.value))) {
      mapRecording(doc.lines, c);
      return ok(finish(c));
    }
    const bodies = doc.lines.filter((l) => isJsonArray(field(l.value, 'contents')));
    if (bodies.length > 0) {
      const pick = pickSnapshot(bodies, c.warnings, 'contents');
      const local = elementSpans(doc.text.slice(pick.start, pick.end), 'contents');
      mapRequest(
        pick.value,
        local?.map((s) => ({ start: s.start + pick.start, end: s.end + pick.start })) ?? null,
        c,
      );
      return ok(finish(c));
    }
    for (const l of doc.lines) mapGeminiContent(l.value, c, { start: l.start, end: l.end });
    return ok(finish(c));
  }
  const v = doc.parsed.value;
  if (isJsonArray(v)) {
    if (v.length > 0 && v.every((x) => arr(x, 'candidates') !== undefined)) {
      mapChunks(v, c);
      return ok(finish(c));
    }
    mapContents(v, elementSpans(doc.text, null), c);
    return ok(finish(c));
  }
  if (!isJsonObject(v)) return invalid('A Gemini transcript must be a JSON object or array.');
  if (!v.has('contents') && !v.has('candidates') && !v.has('history')) {
    return invalid('The JSON object has neither `contents` nor `candidates`.');
  }
  mapRequest(v, elementSpans(doc.text, v.has('contents') ? 'contents' : 'history'), c);
  return ok(finish(c));
};

/** A request body (or checkpoint `{history}`), plus a response logged with it. */
export function mapRequest(body: JsonValue, spans: TextSpan[] | null, c: Conversation): void {
  mapSystemInstruction(either(body, 'systemInstruction', 'system_instruction'), c);
  mapContents(arr(body, 'contents') ?? arr(body, 'history') ?? [], spans, c);
  const resp = field(body, 'response') ?? body;
  const cand = arr(resp, 'candidates');
  if (cand) mapCandidate(cand, c);
}

function mapCandidate(cand: readonly JsonValue[], c: Conversation): void {
  if (cand.length > 1)
    c.warnings.add(`The response has ${cand.length} candidates; only the first was used.`);
  const content = field(cand[0], 'content');
  if (content !== undefined) mapGeminiContent(withModelRole(content), c);
}

function mapContents(list: readonly JsonValue[], spans: TextSpan[] | null, c: Conversation): void {
  const useSpans = spans !== null && spans.length === list.length;
  for (let i = 0; i < list.length; i++)
    mapGeminiContent(list[i] as JsonValue, c, useSpans ? spans[i] : undefined);
}

/** Streamed chunks without SSE: merge the parts of consecutive chunks into one model turn. */
function mapChunks(chunks: readonly JsonValue[], c: Conversation): void {
  const parts: JsonValue[] = [];
  for (const ch of chunks) {
    const p = arr(field(arr(ch, 'candidates')?.[0], 'content'), 'parts');
    if (p) for (const x of p) parts.push(x);
  }
  mapGeminiContent(
    new Map<string, JsonValue>([
      ['role', 'model'],
      ['parts', parts],
    ]),
    c,
  );
  c.warnings.add(`Merged ${plural(chunks.length, 'streamed response chunk')} into one model turn.`);
}

function withModelRole(content: JsonValue): JsonValue {
  if (!isJsonObject(content) || content.has('role')) return content;
  const m = new Map(content);
  m.set('role', 'model');
  return m;
}

/**
 * A line of Gemini CLI's recorded responses (`*.responses`, google-gemini/gemini-cli,
 * packages/core/src/core/fakeContentGenerator.ts, commit 3b34d1a5e26304c3b14b645e6e19828ec98e115c):
 * `{method, response}`, the response of `generateContent` or the chunks of
 * `generateContentStream`. Only the model's side is recorded, never the requests.
 */
export function isRecordedResponse(v: JsonValue): boolean {
  if (str(v, 'method') === undefined) return false;
  const r = field(v, 'response');
  if (isJsonArray(r)) return r.some((x) => arr(x, 'candidates') !== undefined);
  return arr(r, 'candidates') !== undefined;
}

/** Each recorded response as one model turn, its streamed chunks merged. */
function mapRecording(
  lines: readonly { value: JsonValue; start: number; end: number }[],
  c: Conversation,
): void {
  let n = 0;
  for (const l of lines) {
    if (!isRecordedResponse(l.value)) continue;
    const r = field(l.value, 'response');
    const chunks = isJsonArray(r) ? r : [r ?? null];
    const parts: JsonValue[] = [];
    for (const ch of chunks) {
      const p = arr(field(arr(ch, 'candidates')?.[0], 'content'), 'parts');
      if (p) for (const x of p) parts.push(x);
    }
    const turn = new Map<string, JsonValue>([
      ['role', 'model'],
      ['parts', parts],
    ]);
    mapGeminiContent(turn, c, { start: l.start, end: l.end });
    n++;
  }
  c.warnings.add(
    `Read ${plural(n, 'recorded model response')} (Gemini CLI's .responses): the requests are not recorded, so the tool results and user turns between them are unknown.`,
  );
}
