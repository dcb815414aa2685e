/** The text of an assistant message, as fed to the stagnation detector (docs/detector.md §7.6). */
import { isJsonObject, type JsonValue } from '../json/value';

/**
 * A string content as is; an array joins the `text` of its `{"type":"text"}` parts with no
 * separator; anything else is `""`.
 */
export function extractText(content: JsonValue | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let out = '';
  for (const part of content) {
    if (!isJsonObject(part) || part.get('type') !== 'text') continue;
    const t = part.get('text');
    if (typeof t === 'string') out += t;
  }
  return out;
}
