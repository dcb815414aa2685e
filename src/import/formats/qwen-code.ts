// Importer: Qwen Code session logs.
import { ok } from '../../json/index';
import { field, str } from '../access';
import { Conversation } from '../build';
import { mapGeminiContent } from '../dialects/gemini';
import { finish } from '../format';
import type { FormatImporter } from '../format';
import { logRecords, type LogRecord } from '../records';
import { plural } from '../warnings';

/**
 * Qwen Code sessions (`~/.qwen/projects/<project>/chats/<session>.jsonl`), as its
 * ChatRecordingService writes them (QwenLM/qwen-code,
 * packages/core/src/services/chatRecordingService.ts, commit 015346f1d5d7312fddaf84a7ef1f83c7d217d389):
 * one record a line in Claude Code's envelope (`uuid`, `parentUuid`, `sessionId`, `type`
 * user / assistant / tool_result / system), whose `message` is the Gemini `Content` sent to or
 * from the model (`role` user or model, `parts` with `functionCall` / `functionResponse`).
 * The records form a tree; the history is the chain back from the last record (a rewind
 * leaves the abandoned records in the file), else file order.
 */
export const importQwenCode: FormatImporter = (doc) => {
  const records = logRecords(doc);
  const c = new Conversation();
  const { kept, dropped } = chain(records);
  for (const r of kept) {
    const message = field(r.value, 'message');
    if (message === undefined || message === null) continue;
    mapGeminiContent(message, c, r.span);
  }
  const extra =
    dropped > 0
      ? [
          `Skipped ${plural(dropped, 'message record')} on abandoned branches (rewinds); followed the parentUuid chain back from the last record.`,
        ]
      : [];
  return ok(finish(c, extra));
};

const TURNS = new Set(['user', 'assistant', 'tool_result']);

/** The turn records on the chain back from the last record, in file order. */
function chain(records: readonly LogRecord[]): { kept: LogRecord[]; dropped: number } {
  const turns = records.filter((r) => TURNS.has(str(r.value, 'type') ?? ''));
  const byUuid = new Map<string, number>();
  records.forEach((r, i) => {
    const u = str(r.value, 'uuid');
    if (u !== undefined) byUuid.set(u, i);
  });
  const onChain = new Set<number>();
  let cur: number | undefined = records.length - 1;
  let broken = false;
  while (cur !== undefined && cur >= 0 && !onChain.has(cur)) {
    onChain.add(cur);
    const p = str((records[cur] as LogRecord).value, 'parentUuid');
    if (p === undefined) break;
    cur = byUuid.get(p);
    if (cur === undefined) broken = true;
  }
  if (onChain.size <= 1) return { kept: turns, dropped: 0 };
  let earliest = records.length;
  for (const i of onChain) if (i < earliest) earliest = i;
  const kept: LogRecord[] = [];
  records.forEach((r, i) => {
    if (TURNS.has(str(r.value, 'type') ?? '') && (onChain.has(i) || (broken && i < earliest)))
      kept.push(r);
  });
  return { kept, dropped: turns.length - kept.length };
}
