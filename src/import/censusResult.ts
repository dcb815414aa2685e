// The census held against the calls an import read: the counts, the calls missed, the warnings.
import { dialectEntry } from './dialects/table';
import type { DialectId } from './dialects/table';
import { DIALECT_IDS } from './censusRows';
import type { Rows } from './censusRows';
import type { CensusCount } from './censusCount';

/**
 * The tool-call census: one walk over every JSON value of a file, after its import, that finds
 * every object shaped like a tool call in any dialect of the table (dialects/table.ts), and
 * objects no entry knows that look like one (`unknown`), and counts each call once. The import
 * is then held to it: where it read another number of calls, a warning says so (docs/formats.md
 * §22, docs/report.md §3.1).
 */
export interface Census {
  readonly toolCalls: number;
  readonly byDialect: Readonly<Record<string, number>>;
  /** The first calls the import did not read (tool names and JSON paths only). */
  readonly unread: readonly CensusUnread[];
  /**
   * Set when the conversations were read by shape (docs/formats.md §25): the dialects of the
   * calls read, and the format whose importer read fewer calls (null: no importer knew the file).
   */
  readonly readByShape?: { readonly dialects: readonly string[]; readonly instead: string | null };
}

export interface CensusUnread {
  readonly dialect: string;
  readonly path: string;
  readonly name: string;
}

/** The calls an import read, as the census compares them. */
export interface ReadCall {
  readonly id: string | null;
  readonly name: string;
}

const MAX_UNREAD = 20;

/**
 * The census held against the calls an import read: the counts, and the calls not matched
 * by a read call (first by id, then by name). `oneList`: whether every row is a call
 * (`allInOneList`); `counted`: the rows counted into calls, asked for only where needed.
 */
export function heldAgainst(
  rows: Rows,
  oneList: boolean,
  counted: () => CensusCount,
  read: readonly ReadCall[],
): Census {
  if (oneList && readAsRows(rows, read)) {
    // Every row a call, every one read: what `count` and the match below would say.
    const n = rows.length;
    return { toolCalls: n, byDialect: { [rows.dialectId(0)]: n }, unread: [] };
  }
  const count = counted();
  const calls = count.calls;
  const byNo: number[] = [];
  const seenNo: number[] = [];
  for (const i of calls) {
    const d = rows.dialect[i] as number;
    const k = byNo[d];
    if (k === undefined) seenNo.push(d);
    byNo[d] = (k ?? 0) + 1;
  }
  const byDialect: Record<string, number> = {};
  for (const d of seenNo) byDialect[DIALECT_IDS[d] as string] = byNo[d] as number;
  // Ids as numbers: the calls read count against the ids the census has.
  const { idNo, rowId } = count;
  const readIds = new Int32Array(idNo.size);
  for (const r of read) {
    // A call read without its name (a dialect the importer took for another, its name where
    // that one keeps none) is no reading of the named call the census found under its id.
    if (r.id === null || r.name === '') continue;
    const k = idNo.get(r.id);
    if (k !== undefined) readIds[k] = (readIds[k] as number) + 1;
  }
  const left: number[] = [];
  const byId: boolean[] = [];
  for (const i of calls) {
    const k = rowId[i] as number;
    const matched = k >= 0 && (readIds[k] as number) > 0;
    if (matched) readIds[k] = (readIds[k] as number) - 1;
    byId.push(matched);
    if (!matched) left.push(i);
  }
  // Names matter only for the calls no id matched (most files: none).
  if (left.length === 0) return { toolCalls: calls.length, byDialect, unread: [] };
  const readNames = new Map<string, number>();
  for (const r of read) readNames.set(r.name, (readNames.get(r.name) ?? 0) + 1);
  const take = (k: string): boolean => {
    const n = readNames.get(k) ?? 0;
    if (n === 0) return false;
    readNames.set(k, n - 1);
    return true;
  };
  calls.forEach((i, j) => {
    if (byId[j] === true) take(rows.name[i] as string);
  });
  const unread: CensusUnread[] = [];
  for (const i of left) {
    if (take(rows.name[i] as string)) continue;
    if (unread.length < MAX_UNREAD)
      unread.push({
        dialect: rows.dialectId(i),
        path: rows.path(i),
        name: rows.name[i] as string,
      });
  }
  return { toolCalls: calls.length, byDialect, unread };
}

/** Whether the calls read are the rows, one for one in order, by id and name. */
function readAsRows(rows: Rows, read: readonly ReadCall[]): boolean {
  const { id: ids, name: names } = rows;
  if (read.length !== ids.length) return false;
  for (let i = 0; i < read.length; i++) {
    const r = read[i] as ReadCall;
    if (r.id !== ids[i] || r.name !== names[i]) return false;
  }
  return true;
}

/**
 * The warnings a census gives an import that read `read` calls: none when the counts agree.
 * Says how many calls, in which form and where; never an argument.
 */
export function censusWarnings(census: Census, read: number, nameless = 0): string[] {
  const misread = misreadCalls(census, read, () => nameless);
  if (census.toolCalls === read && misread === 0) return [];
  const out: string[] = [];
  const groups = new Map<string, { dialect: string; path: string; n: number }>();
  for (const u of census.unread) {
    const key = `${u.dialect}\u0000${u.path}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { dialect: u.dialect, path: u.path, n: 1 });
  }
  if (census.toolCalls === read) {
    const where = [...groups.values()]
      .slice(0, 3)
      .map((g) => `${g.n} in ${formName(g.dialect)} form under \`${g.path}\``)
      .join('; ');
    out.push(
      `${misread} of the ${census.toolCalls} tool calls in the file were read without the name the file gives them (${where}): their signatures are not the file's.`,
    );
  } else if (census.toolCalls > read) {
    const missing = census.toolCalls - read;
    // The report lists the first unread calls only: where more are missing, the counts are
    // of those listed.
    const listed = census.unread.length < missing ? `of the first ${census.unread.length}, ` : '';
    const where = [...groups.values()]
      .slice(0, 3)
      .map(
        (g, i) =>
          `${i === 0 ? listed : ''}${g.n} in ${formName(g.dialect)} form under \`${g.path}\``,
      )
      .join('; ');
    out.push(
      `${missing} of the ${census.toolCalls} tool calls in the file were not read${where === '' ? '' : ` (${where})`}: the loop verdict does not see them.`,
    );
  } else {
    out.push(
      `The import read ${read} tool calls where the census of the file finds ${census.toolCalls}: some calls may be read twice or invented.`,
    );
  }
  return out;
}

/**
 * Of as many calls read as the census finds, those it misses that were read without a name:
 * calls of another dialect the importer took for its own (an importer that names a call
 * otherwise than the census, by the tool its server runs, has read it). `nameless` is asked
 * only where the numbers agree and the census misses some.
 */
export function misreadCalls(census: Census, read: number, nameless: () => number): number {
  if (census.toolCalls !== read || census.unread.length === 0) return 0;
  return Math.min(nameless(), census.unread.length);
}

function formName(dialect: string): string {
  if (dialect === 'unknown') return 'an unknown';
  return dialectEntry(dialect as DialectId)?.label ?? dialect;
}
