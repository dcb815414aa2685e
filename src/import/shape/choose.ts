// The choice between a format's import and the reader by shape (docs/formats.md §25).
import { misreadCalls, type CensusScan, type ReadCall } from '../census';
import { namelessCalls, noteCalls, withCensus } from '../censusImport';
import type { FormatOutput } from '../format';
import { fileImports } from '../fileImports';
import { shapeOf } from '../formats/generic';
import type { Doc } from '../text';
import type { FormatId, Imported } from '../types';
import { byShapeNote } from './note';
import type { ShapeRead } from './read';

/**
 * The file read by shape instead, when its importer read fewer calls than the census finds and
 * the reader by shape reads more (docs/formats.md §25); else the import as it was.
 */
export function orByShape(
  list: Imported[],
  doc: () => Doc | null,
  scan: CensusScan | false,
  fileWarnings: readonly string[],
): Imported[] {
  const census = list[0]?.census;
  if (scan === false || census === undefined) return list;
  let read = 0;
  for (const c of list)
    for (const m of c.messages) if (Array.isArray(m.tool_calls)) read += m.tool_calls.length;
  // Calls read as many as the census finds may still be others: read without the name the
  // file gives them (a dialect the importer took for its own).
  const misread = misreadCalls(census, read, () => {
    const calls: ReadCall[] = [];
    for (const c of list) for (const m of c.messages) noteCalls(m, calls);
    return namelessCalls(calls);
  });
  const missing = Math.max(census.toolCalls - read, misread);
  if (census.toolCalls < read || missing === 0) return list;
  const d = doc();
  const shape = d === null ? null : shapeOf(d);
  // Only a reading that comes nearer the census than the importer's replaces it.
  if (shape === null || Math.abs(shape.calls - census.toolCalls) >= missing) return list;
  // The calls the importer read right: those it read, less those it misread.
  const right = Math.min(read, census.toolCalls - missing);
  return shapeImports(shape, (list[0] as Imported).format, right, scan, fileWarnings);
}

/**
 * The format a file read by shape is labelled with: its importer's, where that importer knew
 * the file's family and read some of its calls; else `generic`.
 */
function shapeFormat(instead: FormatId | null, readBefore: number): FormatId {
  return instead !== null && readBefore > 0 ? instead : 'generic';
}

/** A shape reading as the file's imports, held to the census, which says it was read by shape. */
export function shapeImports(
  shape: ShapeRead,
  instead: FormatId | null,
  readBefore: number,
  scan: CensusScan,
  fileWarnings: readonly string[],
): Imported[] {
  const note = byShapeNote(shape, instead, readBefore);
  const out: FormatOutput = { messages: [], warnings: [], conversations: shape.conversations };
  const readByShape = { dialects: shape.dialects, instead };
  const format = shapeFormat(instead, readBefore);
  return withCensus(fileImports(format, out, [...fileWarnings, note], 'scanned'), scan).map((c) =>
    c.census === undefined ? c : { ...c, census: { ...c.census, readByShape } },
  );
}
