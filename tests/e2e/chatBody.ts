/**
 * An OpenAI chat request body of about `bytes` characters, one JSON document: three identical
 * `write_file` calls with the same answer (refused at batch 2 under the defaults), a user
 * turn, then distinct reads with long answers to fill it up. Self-contained, so a page can
 * run it too (`page.evaluate(chatBody, n)`).
 */
export function chatBody(bytes: number): string {
  const messages: unknown[] = [{ role: 'user', content: 'Write hello to out.txt' }];
  const call = (name: string, args: unknown, id: string, output: string) => {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    });
    messages.push({ role: 'tool', tool_call_id: id, content: output });
  };
  for (let i = 1; i <= 3; i++)
    call('write_file', { path: 'out.txt', content: 'hello' }, `w${i}`, 'ok');
  messages.push({ role: 'user', content: 'Now read every file' });
  const filler = 'é日本 '.repeat(400);
  const each = JSON.stringify(filler).length + 200;
  for (let i = 0; i * each < bytes; i++)
    call('read_file', { path: `src/f${i}.ts` }, `r${i}`, `${i} ${filler}`);
  return JSON.stringify({ model: 'gpt-4o', messages });
}
