import { describe, expect, it } from 'vitest';
import { DEFAULT_OBSERVATION_TOOLS } from '../../../../src/detector/index';
import { explorePatterns, patternTraps } from '../../../../src/ui/explorer/explore';
import { matchesInsideWord, toolTraps, wordSegments } from '../../../../src/ui/explorer/traps';
import { batch, report } from '../table/fixtures';

const kinds = (name: string, pattern: string | null, costly: boolean) =>
  toolTraps(name, pattern, costly).map((t) => t.kind);

describe('wordSegments', () => {
  it('splits on separators and on lower-to-upper case changes', () => {
    expect(wordSegments('mcp__playwright__browser_click')).toEqual([
      'mcp',
      'playwright',
      'browser',
      'click',
    ]);
    expect(wordSegments('browserNavigate')).toEqual(['browser', 'navigate']);
    expect(wordSegments('2:read-file.v2')).toEqual(['2', 'read', 'file', 'v2']);
    expect(wordSegments('HTTPGet')).toEqual(['httpget']);
  });
});

describe('matchesInsideWord', () => {
  it('flags a pattern starting or ending inside a word', () => {
    expect(matchesInsideWord('thread_create', 'read')).toBe(true);
    expect(matchesInsideWord('listen_port', 'list')).toBe(true);
    expect(matchesInsideWord('preview_page', 'view')).toBe(true);
    expect(matchesInsideWord('set_global_config', 'glob')).toBe(true);
  });

  it('accepts whole-word matches, camelCase boundaries and multi-word prefixes', () => {
    expect(matchesInsideWord('read_file', 'read')).toBe(false);
    expect(matchesInsideWord('mcp_filesystem_read_text_file', 'read_text_file')).toBe(false);
    expect(matchesInsideWord('clickElement', 'click')).toBe(false);
    expect(matchesInsideWord('browserNavigate', 'navigate')).toBe(false);
    expect(matchesInsideWord('list_directory_with_sizes', 'list_dir')).toBe(false);
    expect(matchesInsideWord('2:read_file', 'read_file')).toBe(false);
  });

  it('is clean when any one occurrence is whole', () => {
    expect(matchesInsideWord('thread_read', 'read')).toBe(false);
  });

  it('is false when the pattern does not occur', () => {
    expect(matchesInsideWord('write_file', 'read')).toBe(false);
  });
});

describe('toolTraps', () => {
  it('read in thread_create: substring and a write verb', () => {
    expect(kinds('thread_create', 'read', false)).toEqual(['substring', 'write-verb']);
  });

  it('camelCase page actions the costly rule misses', () => {
    expect(kinds('browserNavigate', 'navigate', false)).toEqual(['camel-case-costly']);
    expect(kinds('clickElement', 'click', false)).toEqual(['camel-case-costly']);
    expect(kinds('fetchWebpage', null, false)).toEqual(['camel-case-costly']);
    // Splitting on case would capture clickHouseQuery: it reads, so it is not flagged.
    expect(kinds('clickHouseQuery', 'click', false)).toEqual([]);
  });

  it('costly residue: read-only names built from costly words', () => {
    expect(kinds('get_click_count', 'click', true)).toEqual(['costly-residue']);
    expect(kinds('navigate_to_definition', 'navigate', true)).toEqual(['costly-residue']);
    expect(kinds('ad_click_report', 'click', true)).toEqual(['costly-residue']);
    expect(kinds('click_house_query', 'click', true)).toEqual(['costly-residue']);
  });

  it('leaves the empty pattern to the pattern list', () => {
    expect(kinds('write_file', '', false)).toEqual([]);
  });

  it('leaves ordinary names alone', () => {
    expect(kinds('read_file', 'read_file', false)).toEqual([]);
    expect(kinds('browser_navigate', 'navigate', true)).toEqual([]);
    expect(kinds('navigate_to_url', 'navigate', true)).toEqual([]);
    expect(kinds('write_file', null, false)).toEqual([]);
    // `click` ends inside `clickable`, but the name reads as read-only, so capturing it is right.
    expect(kinds('get_clickable_elements', 'click', false)).toEqual([]);
  });
});

describe('patternTraps', () => {
  it('flags empty, blank and duplicate patterns', () => {
    expect(patternTraps('', 0, ['']).map((t) => t.kind)).toEqual(['empty-pattern']);
    expect(patternTraps('  ', 0, ['  ']).map((t) => t.kind)).toEqual(['empty-pattern']);
    expect(patternTraps('read', 2, ['read', 'x', 'read']).map((t) => t.kind)).toEqual([
      'duplicate-pattern',
    ]);
    expect(patternTraps('read', 0, ['read', 'x', 'read'])).toEqual([]);
  });
});

describe('explorePatterns', () => {
  const r = report([
    batch(0, { names: ['read_file', 'read_file', 'thread_create'] }),
    batch(1, { names: ['read_file'] }),
    batch(2, { names: ['write_file'] }),
    batch(3, { names: ['browserNavigate'] }),
  ]);

  it('counts calls and batches per distinct name, most-called first', () => {
    const x = explorePatterns(r, { observationTools: ['read', 'navigate'] });
    expect(x.tools.map((t) => [t.name, t.calls, t.batches, t.pattern])).toEqual([
      ['read_file', 3, 2, 'read'],
      ['browserNavigate', 1, 1, 'navigate'],
      ['thread_create', 1, 1, 'read'],
      ['write_file', 1, 1, null],
    ]);
    expect(x.flagged).toBe(2);
  });

  it('reports what each pattern classifies and matches', () => {
    const x = explorePatterns(r, { observationTools: ['read', 'file', 'read'] });
    expect(x.patterns.map((p) => [p.pattern, p.classifies, p.matches])).toEqual([
      ['read', 2, 2],
      ['file', 1, 2],
      ['read', 0, 2],
    ]);
  });

  it('with the default patterns thread_create is not read-only; an empty pattern captures everything', () => {
    const defaults = explorePatterns(r, { observationTools: DEFAULT_OBSERVATION_TOOLS });
    expect(defaults.tools.find((t) => t.name === 'thread_create')?.pattern).toBeNull();
    const empty = explorePatterns(r, { observationTools: ['', 'read_file'] });
    expect(empty.tools.every((t) => t.pattern === '')).toBe(true);
    expect(empty.patterns[0]?.traps.map((t) => t.kind)).toEqual(['empty-pattern']);
  });

  it('an empty pattern list classifies nothing', () => {
    const none = explorePatterns(r, { observationTools: [] });
    expect(none.tools.every((t) => t.pattern === null)).toBe(true);
    expect(none.patterns).toEqual([]);
  });
});
