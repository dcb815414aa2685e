// Known ways the classifiers surprise people, detected by heuristics on tool names.
import { isCostlyName } from '../../detector/index';

/**
 * Known ways the classifiers surprise people (docs/detector.md §4, §10, §12), detected by heuristics
 * over one tool name. They are hints to look, not verdicts: the detector itself is exact.
 */
type TrapKind =
  | 'substring'
  | 'write-verb'
  | 'camel-case-costly'
  | 'camel-case-miss'
  | 'costly-residue'
  | 'empty-pattern'
  | 'duplicate-pattern';

export interface Trap {
  readonly kind: TrapKind;
  /** One plain sentence for the explorer. */
  readonly message: string;
}

// Characters the costly rule treats as segment separators, plus the colon and slash of server
// prefixes (`2:read_file`, `mcp/...`), which a person also reads as a boundary.
const SEPARATORS = new Set(['_', '-', '.', ':', '/', ' ']);

const WRITE_VERBS = new Set([
  'create',
  'write',
  'delete',
  'remove',
  'update',
  'set',
  'send',
  'post',
  'put',
  'patch',
  'edit',
  'run',
  'exec',
  'execute',
  'kill',
  'install',
  'insert',
  'move',
  'rename',
  'commit',
  'push',
  'submit',
  'apply',
  'replace',
  'save',
  'upload',
  'drop',
  'start',
  'stop',
  'restart',
  'deploy',
]);

// Words that say a name only reads, used to tell costly residue (`get_click_count`) and
// camelCase look-alikes (`clickHouseQuery`) from real page actions.
const READ_WORDS = new Set([
  'get',
  'count',
  'report',
  'query',
  'definition',
  'definitions',
  'list',
  'read',
  'search',
  'find',
  'info',
  'status',
  'show',
  'view',
  'describe',
  'lookup',
  'stats',
  'history',
  'log',
  'logs',
]);

const COSTLY_SEGMENT_RUNS: readonly (readonly string[])[] = [
  ['navigate'],
  ['click'],
  ['fetch', 'webpage'],
];

/** Word segments of a name: split on separators and on lower-to-upper case changes. */
export function wordSegments(name: string): string[] {
  const words: string[] = [];
  let current = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i] as string;
    if (SEPARATORS.has(ch)) {
      if (current !== '') words.push(current);
      current = '';
      continue;
    }
    const prev = name[i - 1];
    if (current !== '' && prev !== undefined && isLowerOrDigit(prev) && isUpper(ch)) {
      words.push(current);
      current = '';
    }
    current += ch;
  }
  if (current !== '') words.push(current);
  return words.map((w) => w.toLowerCase());
}

function isUpper(ch: string): boolean {
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

function isLowerOrDigit(ch: string): boolean {
  return (ch >= '0' && ch <= '9') || (ch !== ch.toUpperCase() && ch === ch.toLowerCase());
}

/** Is position `i` (between name[i-1] and name[i]) a word boundary? */
function isBoundary(name: string, i: number): boolean {
  if (i <= 0 || i >= name.length) return true;
  const before = name[i - 1] as string;
  const after = name[i] as string;
  return (
    SEPARATORS.has(before) || SEPARATORS.has(after) || (isLowerOrDigit(before) && isUpper(after))
  );
}

/**
 * Does `pattern` occur in `name` only in the middle of a word? `read` in `thread_create` and
 * `view` in `preview_file` start mid-word; `list` in `listen_port` ends mid-word. A pattern of
 * several words (`list_dir`) may run on into a longer last word (`list_directory`): the
 * reference's own defaults rely on that.
 */
export function matchesInsideWord(name: string, pattern: string): boolean {
  const lowerName = name.toLowerCase();
  const lowerPattern = pattern.toLowerCase();
  if (lowerPattern === '') return false;
  // Lowercasing can change length (e.g. 'İ'); boundaries then cannot be mapped back reliably.
  if (lowerName.length !== name.length) return false;
  const multiWord = wordSegments(pattern).length > 1;
  let clean = false;
  let found = false;
  for (
    let at = lowerName.indexOf(lowerPattern);
    at !== -1;
    at = lowerName.indexOf(lowerPattern, at + 1)
  ) {
    found = true;
    const startOk = isBoundary(name, at);
    const endOk = multiWord || isBoundary(name, at + lowerPattern.length);
    if (startOk && endOk) clean = true;
  }
  return found && !clean;
}

function hasRun(words: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= words.length; i++) {
    if (run.every((w, k) => words[i + k] === w)) return true;
  }
  return false;
}

/**
 * The traps for one tool name, given the observation pattern that classifies it (or null) and
 * whether the detector's costly rule marks it.
 */
export function toolTraps(name: string, pattern: string | null, costly: boolean): Trap[] {
  const traps: Trap[] = [];
  const words = wordSegments(name);
  // A name that reads like a read-only tool (get_clickable_elements) is fine to capture even
  // mid-word; the trap is capturing something that acts.
  const readsOnly = words.some((w) => READ_WORDS.has(w));
  if (pattern !== null && pattern !== '' && !readsOnly && matchesInsideWord(name, pattern)) {
    traps.push({
      kind: 'substring',
      message: `The pattern “${pattern}” matches inside another word of “${name}”, so this tool is treated as read-only.`,
    });
  }
  const verb = words.find((w) => WRITE_VERBS.has(w));
  // An empty pattern is reported once, on the pattern list, rather than on every name.
  if (pattern !== null && pattern !== '' && verb !== undefined) {
    traps.push({
      kind: 'write-verb',
      message: `“${name}” contains “${verb}”, which sounds like it changes something, yet “${pattern}” classifies it as read-only.`,
    });
  }
  if (!costly && !readsOnly && COSTLY_SEGMENT_RUNS.some((run) => hasRun(words, run))) {
    traps.push({
      kind: 'camel-case-costly',
      message:
        pattern !== null
          ? `“${name}” looks like a page action, but the costly rule splits only on _ - . so it misses it: its repeats stay exempt and unbounded.`
          : `“${name}” looks like a page action, but the costly rule splits only on _ - . so it misses it (this matters once a pattern classifies it as read-only).`,
    });
  }
  if (costly && readsOnly) {
    traps.push({
      kind: 'costly-residue',
      message: `“${name}” is costly by the segment rule but reads like a read-only tool: its repeats are bounded by the ceiling instead of waived.`,
    });
  }
  return traps;
}

/** Whether the detector's costly rule marks the name (re-exported for the explorer's one import). */
export function costlyName(name: string): boolean {
  return isCostlyName(name);
}
