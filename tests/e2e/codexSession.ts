/**
 * A Codex rollout of about `bytes` characters: three identical `write_file` calls with the
 * same answer (refused at batch 2 under the defaults), a user turn, then distinct reads with
 * long answers holding multi-byte characters (so a piece of the file can end inside one) to
 * fill it up. Self-contained, so a page can run it too (`page.evaluate(codexSession, n)`).
 */
export function codexSession(bytes: number): string {
  const line = (type: string, payload: unknown) =>
    `{"timestamp":"2026-01-05T10:00:00.000Z","type":"${type}","payload":${JSON.stringify(payload)}}\n`;
  const user = (text: string) =>
    line('response_item', {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text }],
    });
  const call = (name: string, args: unknown, id: string, output: string) =>
    line('response_item', {
      type: 'function_call',
      name,
      arguments: JSON.stringify(args),
      call_id: id,
    }) + line('response_item', { type: 'function_call_output', call_id: id, output });
  const parts = [
    line('session_meta', { id: '0199', cwd: '/repo', originator: 'codex_cli_rs' }),
    line('turn_context', { cwd: '/repo', model: 'gpt-5-codex' }),
    user('Write hello to out.txt'),
  ];
  for (let i = 1; i <= 3; i++) {
    parts.push(call('write_file', { path: 'out.txt', content: 'hello' }, `w${i}`, 'ok'));
  }
  parts.push(user('Now read every file'));
  let size = parts.reduce((n, p) => n + p.length, 0);
  const filler = 'é日本 '.repeat(400);
  // Its UTF-8 bytes beyond its characters: é takes 2, each of 日本 3.
  const extra = 4 * 400;
  for (let i = 0; size < bytes; i++) {
    const p = call('read_file', { path: `src/f${i}.ts` }, `r${i}`, `${i} ${filler}`);
    parts.push(p);
    size += p.length + extra;
  }
  return parts.join('');
}
