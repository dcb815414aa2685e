// A tiny transcript builder for the zoo tests: calls are written as [name, args, answer],
// serialised like a real client (arguments as a JSON string, ids unique per batch) and read
// back through the lossless reader, so the zoo sees what an importer would hand it.
import { type ChatMessage } from '../../../src/detector/index';
import { isJsonObject, parseJson, type JsonValue } from '../../../src/json/index';
import {
  runZoo,
  zooInput,
  ZOO_DETECTORS,
  type ZooMark,
  type ZooParams,
  type ZooStep,
} from '../../../src/zoo/index';

/** An answer the transcript marks as failed (or as succeeded), as a format's `is_error` does. */
export interface Marked {
  readonly text: string;
  readonly error: boolean;
}

/** A failed call's answer, marked so by the transcript. */
export const failed = (text: string): Marked => ({ text, error: true });

/** [name, args (object, or a raw arguments string), answer (null = unanswered)]. */
export type CallSpec = readonly [string, unknown?, (string | Marked | null)?];

export class Script {
  private readonly raw: unknown[] = [];
  private ids = 0;

  user(text = 'please continue'): this {
    this.raw.push({ role: 'user', content: text });
    return this;
  }

  system(text = 'system note'): this {
    this.raw.push({ role: 'system', content: text });
    return this;
  }

  prose(text = 'thinking out loud'): this {
    this.raw.push({ role: 'assistant', content: text });
    return this;
  }

  /** One assistant message with these calls, then one tool message per answered call. */
  batch(calls: readonly CallSpec[], narration: string | null = null): this {
    const ids = calls.map(() => `call_${this.ids++}`);
    this.raw.push({
      role: 'assistant',
      content: narration,
      tool_calls: calls.map(([name, args = {}], i) => ({
        id: ids[i],
        type: 'function',
        function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
      })),
    });
    calls.forEach(([, , answer = 'ok'], i) => {
      if (answer === null) return;
      if (typeof answer === 'string')
        this.raw.push({ role: 'tool', tool_call_id: ids[i], content: answer });
      else
        this.raw.push({
          role: 'tool',
          tool_call_id: ids[i],
          content: answer.text,
          error: answer.error,
        });
    });
    return this;
  }

  /** A one-call batch. */
  call(
    name: string,
    args: unknown = {},
    answer: string | Marked | null = 'ok',
    narration: string | null = null,
  ): this {
    return this.batch([[name, args, answer]], narration);
  }

  /** Runs `f(i)` for i = 0…n-1. */
  times(n: number, f: (s: this, i: number) => void): this {
    for (let i = 0; i < n; i++) f(this, i);
    return this;
  }

  messages(): ChatMessage[] {
    const r = parseJson(JSON.stringify(this.raw));
    if (!r.ok || !Array.isArray(r.value.value)) throw new Error('builder produced bad JSON');
    return r.value.value.map((m: JsonValue) => {
      const o = isJsonObject(m) ? m : new Map<string, JsonValue>();
      return {
        role: o.get('role'),
        content: o.get('content'),
        tool_calls: o.get('tool_calls'),
        tool_call_id: o.get('tool_call_id'),
        ...(typeof o.get('error') === 'boolean' ? { error: o.get('error') as boolean } : {}),
      };
    });
  }

  steps(): ZooStep[] {
    return zooInput(this.messages());
  }
}

/** The marks of one lane (by id) over a script, with optional parameter overrides. */
export function lane(id: string, s: Script, params: ZooParams = {}): ZooMark[] {
  const [r] = runZoo(
    s.steps(),
    { [id]: params },
    ZOO_DETECTORS.filter((d) => d.id === id),
  );
  if (r === undefined) throw new Error(`no lane ${id}`);
  return r.marks.slice();
}

/** Marks as `batch:level` strings, easy to compare. */
export function where(marks: readonly ZooMark[]): string[] {
  return marks.map((m) => `${m.batchIndex}:${m.level}`);
}

/** An ordinary, varied coding session: no lane should flag any of it. */
export function ordinarySession(): Script {
  return new Script()
    .user('fix the failing test')
    .call('list_dir', { path: '.' }, 'src\ntests\npackage.json')
    .call('read_file', { path: 'src/a.ts' }, 'export const a = 1;')
    .call('read_file', { path: 'tests/a.test.ts' }, 'expect(a).toBe(2)')
    .call('edit_file', { path: 'src/a.ts', old: 'a = 1', new: 'a = 2' }, 'edited')
    .call('run_tests', { filter: 'a' }, 'FAIL a.test.ts: expected 3, got 2 (in 0.31s)')
    .call('read_file', { path: 'src/b.ts' }, 'export const b = a + 1;')
    .call('edit_file', { path: 'src/b.ts', old: 'a + 1', new: 'a + 0' }, 'edited')
    .call('run_tests', { filter: 'a' }, '1 passed in 0.29s')
    .call('git_diff', {}, 'diff --git a/src/a.ts b/src/a.ts\n-a = 1\n+a = 2')
    .prose('Fixed: a is now 2 and b follows it.')
    .user('thanks, now add a changelog entry')
    .call('read_file', { path: 'CHANGELOG.md' }, '# Changelog\n')
    .call('write_file', { path: 'CHANGELOG.md', content: '# Changelog\n- fix a\n' }, 'written')
    .prose('Done.');
}
