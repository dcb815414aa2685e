// pi's agent events (`pi --mode json`, its RPC stream), read as the messages they finish.
import { isJsonArray, printJson, type JsonValue, type Result } from '../json/index';
import { field, str } from './access';
import { events } from './agui';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * pi, the coding agent (badlogic/pi-mono `packages/agent/src/types.ts` @83378aad7e,
 * `AgentEvent`), streams a run as events: `agent_start`, `turn_start`, a message as
 * `message_start`, `message_update`s (the whole message so far, a call's arguments `{}` until
 * they are streamed) and `message_end`, each call's run as `tool_execution_start` / `_update` /
 * `_end`, then `turn_end` (the reply again, with its results) and `agent_end` (every message of
 * the run again). Each message is whole once, in its `message_end`; the other events repeat it
 * or a part of it, so only those are read, as the session file's message lines pi writes.
 */
const RUN = /"type"\s*:\s*"(?:agent_start|turn_start)"/;
const MESSAGE = /"type"\s*:\s*"message_(?:start|update|end)"/;
const HEAD = 1 << 16;

/** Whether a text is such a stream: a run's or a turn's start and a message event in its head. */
export function isPiEvents(text: string): boolean {
  const head = text.slice(0, HEAD);
  return (
    /^\s*(?:\[|\{|data:)/.test(head.replace(/^\uFEFF/, '')) && RUN.test(head) && MESSAGE.test(head)
  );
}

/** The stream as the message lines of a pi session, and a note. */
export function piEventsAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const all = events(text);
  const finished = all.filter((e) => str(e, 'type') === 'message_end');
  // A stream cut to its runs' ends still holds each run's messages in `agent_end`.
  const messages = (
    finished.length > 0
      ? finished.map((e) => field(e, 'message'))
      : all
          .filter((e) => str(e, 'type') === 'agent_end')
          .flatMap((e) => {
            const m = field(e, 'messages');
            return isJsonArray(m) ? m : [];
          })
  ).filter((m) => m !== undefined);
  const called = new Set<string>();
  for (const m of messages) {
    const content = field(m, 'content');
    if (isJsonArray(content))
      for (const p of content) {
        const id = str(p, 'type') === 'toolCall' ? str(p, 'id') : undefined;
        if (id !== undefined) called.add(id);
      }
  }
  const lines: string[] = [];
  const line = (m: JsonValue): void => {
    lines.push(
      printJson(
        new Map<string, JsonValue>([
          ['type', 'message'],
          ['message', m],
        ]),
      ),
    );
  };
  let next = 0;
  let alone = 0;
  for (const e of all) {
    const type = str(e, 'type');
    if (finished.length > 0 && type === 'message_end') {
      const m = messages[next++];
      if (m !== undefined) line(m);
      continue;
    }
    // A tool run whose call no finished message holds (a stream cut short): its own events.
    const id = str(e, 'toolCallId');
    if (id === undefined || called.has(id)) continue;
    if (type === 'tool_execution_start') {
      alone++;
      const call = new Map<string, JsonValue>([
        ['type', 'toolCall'],
        ['id', id],
        ['name', str(e, 'toolName') ?? ''],
        ['arguments', field(e, 'args') ?? new Map()],
      ]);
      line(
        new Map<string, JsonValue>([
          ['role', 'assistant'],
          ['content', [call]],
        ]),
      );
    } else if (type === 'tool_execution_end') {
      const result = field(e, 'result');
      line(
        new Map<string, JsonValue>([
          ['role', 'toolResult'],
          ['toolCallId', id],
          ['toolName', str(e, 'toolName') ?? ''],
          ['content', field(result, 'content') ?? result ?? null],
          ['isError', field(e, 'isError') ?? false],
        ]),
      );
    }
  }
  if (finished.length === 0) for (const m of messages) line(m);
  const own =
    alone === 0
      ? ''
      : ` ${plural(alone, 'tool run')} whose call no message holds ${alone === 1 ? 'is' : 'are'} read from ${alone === 1 ? 'its' : 'their'} own events.`;
  return {
    ok: true,
    value: {
      text: lines.join('\n'),
      note: `Read ${inputLabel(name, 'the input')} as pi's agent events: the ${plural(messages.length, 'message')} its runs finish; the start, update, turn and run events repeat them and are skipped.${own}`,
    },
  };
}
