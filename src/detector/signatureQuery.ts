/**
 * Finding a batch from what gglib said about it: its signature (`name:hash`, several joined
 * with `|`), the 16-digit hash alone, or a pasted note or 400 text (docs/detector.md §8.3,
 * §8.4), from which the signature is taken out. The note cuts a long signature to 240 code
 * points and adds `…`: then the signature's start is what can be matched.
 */

const HASH = '[0-9a-f]{16}';
const ONE = `[^\\s|]+:${HASH}`;
const WHOLE_SIGNATURE = new RegExp(`^${ONE}(?:\\|${ONE})*$`, 'i');
const BARE_HASH = new RegExp(`^${HASH}$`, 'i');
/** The loop note: "… the tool-call batch `{sig}` with nothing in between …". */
const IN_NOTE = /tool-call batch `([^`]+)`/;
/** The loop 400 message, newest and older: "… (signature: {sig}). Aborting …". */
const IN_400 = /\(signature: (.+?)\)\. Aborting/;

export type SignatureQuery =
  | { readonly kind: 'signature'; readonly signature: string; readonly prefix: boolean }
  | { readonly kind: 'hash'; readonly hash: string };

/** The signature or hash a search text names, or null when it names none. */
export function signatureQuery(text: string): SignatureQuery | null {
  const t = text.trim();
  if (t === '') return null;
  if (BARE_HASH.test(t)) return { kind: 'hash', hash: t.toLowerCase() };
  if (WHOLE_SIGNATURE.test(t)) return { kind: 'signature', signature: t, prefix: false };
  const inNote = IN_NOTE.exec(t)?.[1];
  if (inNote !== undefined) {
    const cut = inNote.endsWith('\u2026');
    return { kind: 'signature', signature: cut ? inNote.slice(0, -1) : inNote, prefix: cut };
  }
  const in400 = IN_400.exec(t)?.[1];
  if (in400 !== undefined) return { kind: 'signature', signature: in400, prefix: false };
  return null;
}

/** Whether a batch signature is the one the query names. */
export function matchesSignature(batchSignature: string, q: SignatureQuery): boolean {
  if (q.kind === 'signature') {
    return q.prefix ? batchSignature.startsWith(q.signature) : batchSignature === q.signature;
  }
  const s = batchSignature.toLowerCase();
  let at = s.indexOf(`:${q.hash}`);
  while (at >= 0) {
    const end = at + 1 + q.hash.length;
    if (end === s.length || s[end] === '|') return true;
    at = s.indexOf(`:${q.hash}`, at + 1);
  }
  return false;
}
