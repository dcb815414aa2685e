// The report as JSON.stringify(report, null, 2) prints it, built in pieces of batches.
import type { Report } from '../detector/report';

/** JSON.stringify's output one level deeper: its lines after the first get `pad` in front. */
function nested(json: string, pad: string): string {
  // JSON.stringify escapes every line break inside strings, so each "\n" here starts a line.
  return json.replace(/\n/g, '\n' + pad);
}

/** How `JSON.stringify({ batches: [...] }, null, 2)` opens and closes around the items. */
const PIECE_OPEN = '{\n  "batches": [\n';
const PIECE_CLOSE = '\n  ]\n}';

/**
 * The report as the CLI prints it and the app exports it, `JSON.stringify(report, null, 2)` and
 * a newline, in pieces: the batches `perPiece` at a time, so the worker answers config changes
 * and details between the pieces of a large export (~80 MB of text at 100k batches). Joined,
 * the pieces are that text byte for byte (tests/unit/report/reportJson.test.ts). Written by
 * hand because `JSON.stringify` has no incremental form, and a streaming library would not
 * promise its bytes.
 */
export function* reportJsonPieces(report: Report, perPiece = 1000): Generator<string> {
  let out = '{';
  let first = true;
  const member = (key: string): string => {
    const s = `${first ? '\n' : ',\n'}  ${JSON.stringify(key)}: `;
    first = false;
    return s;
  };
  for (const [key, value] of Object.entries(report)) {
    if (key === 'batches') {
      const batches = report.batches;
      out += member(key);
      if (batches.length === 0) {
        out += '[]';
        continue;
      }
      for (let start = 0; start < batches.length; start += perPiece) {
        // One JSON.stringify per piece, of `{ batches: piece }`: its items come out at the
        // report's depth, and the text between its opening and closing lines is theirs, with
        // no re-indenting of each batch.
        const json = JSON.stringify({ batches: batches.slice(start, start + perPiece) }, null, 2);
        out += (start === 0 ? '[\n' : ',\n') + json.slice(PIECE_OPEN.length, -PIECE_CLOSE.length);
        yield out;
        out = '';
      }
      out += '\n  ]';
      continue;
    }
    // Members JSON.stringify leaves out (undefined, functions) are left out here too.
    const json = JSON.stringify(value, null, 2) as string | undefined;
    if (json !== undefined) out += member(key) + nested(json, '  ');
  }
  yield `${out}${first ? '}' : '\n}'}\n`;
}
