// Amazon Q Developer CLI's terminal (`q chat`) copied as text, read back as the calls it shows.
import type { ChatJsonCall, ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';
import { Shows, shownArgs, shownCaveats, shownCounts } from './shownInput';

/**
 * `q chat` (aws/amazon-q-developer-cli `crates/chat-cli/src/cli/chat/tools/fs_read.rs`
 * @0f3f04d7d0 and its siblings, each tool's `queue_description`; 2025's versions) prints each call as a header `🛠️  Using tool: <name>`
 * (` (trusted)` where the user trusts it), then ` ⋮ ` and ` ● ` lines saying what the call
 * will do with its input (`Reading file: <path>, all lines`, `I will run the following shell
 * command:` over the command, `Path: <path>` over the text to write as `+  N: ` lines), the
 * approval asked (`Allow this action? … [y/n/t]:` and the answer `> y`), then ` ● Completed in
 * 0.1s` or ` ● Execution failed after …:` over the error. What the tool gave is not shown. The
 * user's prompts are `> ` lines. The description is the input as the screen shows it.
 */
const HEADER =
  /^🛠\uFE0F?\s+Using tool: ([\w.-]+)(?: \(trusted\))?(?: from mcp server:? ?\S+)?\s*$/u;
const BULLET = /^ ● (.*)$/;
const DONE = /^ ● (?:Completed in [\d.]+s|Execution failed after [\d.]+s:?)\s*$/;
const FAILED = /^ ● Execution failed after /;
/** Lines of the approval and of the write it reports, no part of the input. */
const CHROME =
  /^(?: ⋮ ?|Allow this action\?.*|> [yntYNT]\s*|(?:Creating|Replacing|Updating|Appending to): .*)$/;

/** Whether a text shows such a screen: a `Using tool:` header with its ` ● ` line under it. */
export function isAmazonQScreen(text: string): boolean {
  if (opensAsJson(text)) return false;
  const lines = text
    .slice(0, 1 << 20)
    .replace(ANSI, '')
    .split(/\r?\n/);
  return lines.some(
    (l, i) => HEADER.test(l) && lines.slice(i + 1, i + 4).some((n) => BULLET.test(n)),
  );
}

function amazonQRead(text: string): {
  messages: ChatJsonMessage[];
  calls: number;
  failed: number;
  counts: ReturnType<typeof shownCounts>;
} {
  const lines = text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n');
  const messages: ChatJsonMessage[] = [];
  const counts = shownCounts();
  let words: string[] = [];
  let calls = 0;
  let failed = 0;
  const said = (): void => {
    const t = words.join('\n').trim();
    words = [];
    if (t !== '') messages.push({ role: 'assistant', content: t });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const h = HEADER.exec(line);
    if (h === null) {
      const prompt = /^> (.*)$/.exec(line);
      if (prompt !== null && !CHROME.test(line)) {
        said();
        messages.push({ role: 'user', content: prompt[1] as string });
      } else words.push(line);
      continue;
    }
    said();
    // The call's lines: its description up to the approval or the end, then what it came to.
    const shown: string[] = [];
    let k = i + 1;
    let answer: string | null = null;
    for (; k < lines.length; k++) {
      const l = lines[k] as string;
      if (HEADER.test(l)) break;
      if (DONE.test(l)) {
        if (FAILED.test(l)) {
          const err: string[] = [];
          while (k + 1 < lines.length && (lines[k + 1] as string).trim() !== '')
            err.push(lines[++k] as string);
          answer = err.join('\n').trim();
        }
        k++;
        break;
      }
      if (CHROME.test(l)) continue;
      const b = BULLET.exec(l);
      shown.push(b !== null ? (b[1] as string) : l);
    }
    i = k - 1;
    calls++;
    const id = `q-${calls}`;
    const input = shown.join('\n').trim();
    const call: ChatJsonCall = {
      id,
      type: 'function',
      function: { name: h[1] as string, arguments: shownArgs(Shows.Input, input, id, counts) },
    };
    // A reply with no words shows as a header alone, as the next reply's does: one call a
    // reply, as the CLI's own transcript (`[Tool uses: …]`) shows its replies nearly always are.
    messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    if (answer !== null) {
      failed++;
      messages.push({ role: 'tool', tool_call_id: id, content: `Execution failed: ${answer}` });
    }
  }
  said();
  return { messages, calls, failed, counts };
}

/** The screen as an OpenAI chat message list (JSON text) and a warning. */
export function amazonQScreenAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = amazonQRead(text);
  const caveats = shownCaveats(read.counts, 'call', 'screen', {
    shown: '`Reading file: <path>, all lines`, a command, a file written',
    blind: 'a header with no description under it',
  });
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as Amazon Q Developer CLI's terminal copied as text: ${plural(read.calls, 'tool call')} read from their \`🛠️  Using tool:\` headers, each a reply of its own (a reply with no words shows as its header alone, so calls one reply made cannot be told apart); what a tool gave is not shown, so only ${plural(read.failed, 'failed call')} ${read.failed === 1 ? 'has' : 'have'} an answer (the error); the user's prompts are its \`> \` lines.${caveats} \`/save\` keeps the conversation whole.`,
  });
}
