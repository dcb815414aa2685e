// Amazon Bedrock's Converse dialect: `toolUse` and `toolResult` content blocks to
// chat-completions calls and answers.
import { isJsonArray, printJson } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, obj, str } from '../access';
import type { CallInput, Conversation } from '../build';

/**
 * A Converse message (aws/aws-sdk-js-v3 clients/client-bedrock-runtime/src/models/models_0.ts
 * @3e92ce782e: `Message`, `ContentBlock`): `{ role, content: [{ text } | { toolUse: { toolUseId,
 * name, input } } | { toolResult: { toolUseId, content: [{ text } | { json }], status } }] }`.
 * An assistant's tool uses are its calls; a user's tool results answer them, `status: "error"`
 * a failure; other blocks are the turn's words.
 */
export function mapConverseMessage(m: JsonValue, c: Conversation): void {
  const role = str(m, 'role') ?? 'user';
  const content = field(m, 'content');
  const blocks = isJsonArray(content) ? content : [];
  const words: string[] = [];
  if (typeof content === 'string') words.push(content);
  const calls: CallInput[] = [];
  for (const b of blocks) {
    const use = obj(b, 'toolUse');
    const result = obj(b, 'toolResult');
    const text = str(b, 'text');
    if (use !== undefined) {
      const input = field(use, 'input');
      calls.push({
        id: str(use, 'toolUseId'),
        name: str(use, 'name') ?? '',
        args: input === undefined ? null : input,
      });
    } else if (result !== undefined) {
      c.result(
        str(result, 'toolUseId'),
        undefined,
        resultText(field(result, 'content')),
        undefined,
        str(result, 'status') === 'error',
      );
    } else if (text !== undefined) words.push(text);
  }
  if (role === 'assistant') {
    if (words.length > 0 || calls.length > 0)
      c.assistant(words.length > 0 ? words.join('') : null, calls);
  } else if (words.length > 0 || blocks.length === 0) c.message(role, words.join('\n'));
}

/** A tool result's blocks as text: `{ text }` as it is, `{ json }` as its JSON. */
function resultText(content: JsonValue | undefined): string {
  if (!isJsonArray(content)) return content === undefined ? '' : printJson(content);
  return content
    .map((b) => {
      const t = str(b, 'text');
      if (t !== undefined) return t;
      const j = field(b, 'json');
      return j !== undefined ? printJson(j) : printJson(b);
    })
    .join('\n');
}

/** Whether a message list is Converse's: some block a `toolUse` or a `toolResult`. */
export function isConverseList(list: readonly JsonValue[]): boolean {
  return list.some((m) => {
    const content = field(m, 'content');
    return (
      isJsonArray(content) &&
      content.some((b) => obj(b, 'toolUse') !== undefined || obj(b, 'toolResult') !== undefined)
    );
  });
}
