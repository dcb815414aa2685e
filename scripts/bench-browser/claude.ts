// Writes a benchmark chat transcript as a Claude Code session (JSON Lines, a line per content
// block): node <bundle> <chat file> <out file>. The same conversation in a form the app reads
// in pieces with previews, which a JSON document never gets.
import { readFileSync, writeFileSync } from 'node:fs';
import { asClaudeCode } from '../bench/sessionForms';

const [chat, out] = process.argv.slice(2);
if (chat === undefined || out === undefined) {
  process.stderr.write('usage: claude <chat file> <out file>\n');
  process.exit(2);
}
writeFileSync(out, asClaudeCode(readFileSync(chat, 'utf8')));
