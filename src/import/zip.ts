// ZIP archives read in memory (fflate), for Inspect `.eval` logs and zipped transcripts.
import { strFromU8, unzipSync } from 'fflate';
import { err, ok, parseJson } from '../json/index';
import type { Result } from '../json/index';
import type { ConversationOutput, FormatOutput } from './format';
import { FORMATS } from './formatList';
import { sampleConversation } from './formats/inspect';
import type { ImportError } from './types';
import { inputLabel } from './warnings';

const ZSTD = 93;

/**
 * Inspect `.eval` archives: a ZIP with `header.json` (or `_journal/start.json`) and one
 * `samples/<id>_epoch_<n>.json` per sample; each sample and epoch is a conversation of its own.
 */
export function readZip(bytes: Uint8Array, name?: string): Result<FormatOutput, ImportError> {
  const what = inputLabel(name, 'The archive');
  const names: string[] = [];
  const samples: string[] = [];
  let zstd = false;
  try {
    // First pass: list the entries without inflating any.
    unzipSync(bytes, {
      filter(f) {
        names.push(f.name);
        if (/^samples\/[^/]+\.json$/.test(f.name)) {
          samples.push(f.name);
          if (f.compression === ZSTD) zstd = true;
        }
        return false;
      },
    });
  } catch (e) {
    return err({
      kind: 'invalid',
      message: `${what} is not a readable ZIP archive (${errorText(e)}).`,
    });
  }
  if (!names.includes('header.json') && !names.includes('_journal/start.json')) {
    return err({
      kind: 'unknown-format',
      message: `${what} is a ZIP archive without header.json, so it is not an Inspect .eval log; Loopscope reads no other archives.`,
      supported: FORMATS,
      seen: `a ZIP archive with ${names.length} entries`,
    });
  }
  if (samples.length === 0) return err({ kind: 'invalid', message: `${what} holds no samples.` });
  if (zstd) {
    return err({
      kind: 'invalid',
      message: `${what} stores its samples with Zstandard (ZIP method 93), which Loopscope cannot read yet; convert it with \`inspect log convert --to json\`.`,
    });
  }
  samples.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const wanted = new Set(samples);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => wanted.has(f.name) });
  } catch (e) {
    return err({
      kind: 'invalid',
      message: `${what}: its samples could not be inflated (${errorText(e)}).`,
    });
  }
  const conversations: ConversationOutput[] = [];
  for (const member of samples) {
    const data = files[member];
    if (!data) return err({ kind: 'invalid', message: `${what}: ${member} could not be read.` });
    const parsed = parseJson(strFromU8(data));
    if (!parsed.ok) {
      return err({
        kind: 'invalid',
        message: `${what}: ${member} is not valid JSON (line ${parsed.error.line}, column ${parsed.error.column}).`,
      });
    }
    conversations.push(sampleConversation(parsed.value.value, memberLabel(member)));
  }
  const first = conversations[0] as ConversationOutput;
  return ok({ messages: first.messages, warnings: first.warnings, conversations });
}

/**
 * `samples/<id>_epoch_<n>.json` → `sample <id> epoch <n>`. The epoch is read from the end,
 * because a sample id may itself contain underscores.
 */
function memberLabel(member: string): string {
  const base = member.replace(/^samples\//, '').replace(/\.json$/, '');
  const m = /^(.*)_epoch_(\d+)$/.exec(base);
  return m ? `sample ${m[1] as string} epoch ${m[2] as string}` : `sample ${base}`;
}

function errorText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
