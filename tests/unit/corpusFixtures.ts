// Small transcripts for the corpus tests: chat-completions message lists as plain objects.
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

export const user = (text: string): Msg => ({ role: 'user', content: text });

export const write = () => turn('write_file', { path: 'src/main.rs' }, 'Error: EACCES');
export const read = (path = 'a.rs') => turn('read_file', { path }, 'fn main() {}');

/** The message list: three identical failing writes (refused at batch 2 by default). */
export const LOOP_MESSAGES: Msg[] = [user('save it'), ...write(), ...write(), ...write()];
/** Reads of different files: never refused. */
export const CALM_MESSAGES: Msg[] = [user('look'), ...read('a.rs'), ...read('b.rs')];

/** A request body, pretty-printed (so it is a JSON document, not JSONL). */
export function body(messages: Msg[]): string {
  return JSON.stringify({ model: 'test-model', messages }, null, 2);
}
