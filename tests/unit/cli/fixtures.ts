// Small chat-completions bodies for the CLI tests, written as plain objects.

type Msg = Record<string, unknown>;

let nextId = 0;

/** An assistant batch of one call and its tool answer. */
export function turn(name: string, args: Record<string, unknown>, answer: string): Msg[] {
  const id = `call_${nextId++}`;
  return [
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    },
    { role: 'tool', tool_call_id: id, content: answer },
  ];
}

export function body(...parts: (Msg | Msg[])[]): string {
  return JSON.stringify({ model: 'test-model', messages: parts.flat() }, null, 2);
}

const user = (text: string): Msg => ({ role: 'user', content: text });
const system = (text: string): Msg => ({ role: 'system', content: text });

const write = () => turn('write_file', { path: 'src/main.rs' }, 'Error: EACCES');
const read = () => turn('read_file', { path: 'a.rs' }, 'fn main() {}');

/** Three identical failing writes: refused at batch 2 (message 5) by default. */
export const MUTATING_LOOP = body(user('save it'), write(), write(), write());

/** Writes, edits and runs that never repeat back to back. */
export const CALM = body(
  user('fix it'),
  read(),
  turn('edit_file', { path: 'a.rs' }, 'ok'),
  turn('run_in_terminal', { cmd: 'cargo test' }, 'test result: ok'),
);

/**
 * Two identical writes, a system reminder, a third write: the proxy breaks the run at the
 * system message (no refusal), the agent path does not (refused at batch 2).
 */
export const SYSTEM_BETWEEN = body(
  user('save it'),
  write(),
  write(),
  system('Reminder: keep changes small.'),
  write(),
);

/** Three identical reads: read-only, so only refused when the observation tier is off. */
export const THREE_READS = body(user('look'), read(), read(), read());

/** Invalid JSON: the stray token is on line 3, column 5. */
export const BAD_JSON = '{\n  "messages": [\n    oops\n  ]\n}\n';
