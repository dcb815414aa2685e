// The two classifiers of docs/detector.md §4.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OBSERVATION_TOOLS,
  isCostlyBatch,
  isCostlyName,
  isObservationBatch,
  observationPatternFor,
} from '../../../src/detector/index';

const calls = (...names: string[]): { name: string }[] => names.map((name) => ({ name }));

describe('isObservationBatch (§4.1)', () => {
  it('is false for an empty pattern list, whatever the batch', () => {
    expect(isObservationBatch(calls('read_file'), [])).toBe(false);
    expect(isObservationBatch([], [])).toBe(false);
  });

  it('needs every call to match some pattern', () => {
    expect(isObservationBatch(calls('read_file', 'grep_search'), DEFAULT_OBSERVATION_TOOLS)).toBe(
      true,
    );
    expect(isObservationBatch(calls('read_file', 'write_file'), DEFAULT_OBSERVATION_TOOLS)).toBe(
      false,
    );
  });

  it('matches by substring, ignoring case on both sides', () => {
    expect(isObservationBatch(calls('MCP_Filesystem_READ_FILE'), ['read_file'])).toBe(true);
    expect(isObservationBatch(calls('read_file'), ['READ_File'])).toBe(true);
  });

  it('is vacuously true for an empty batch', () => {
    expect(isObservationBatch([], ['x'])).toBe(true);
  });

  it('lets an empty-string pattern match every name', () => {
    expect(isObservationBatch(calls('write_file', ''), ['nothing', ''])).toBe(true);
  });

  it('ignores colons and server prefixes', () => {
    expect(isObservationBatch(calls('2:read_file'), DEFAULT_OBSERVATION_TOOLS)).toBe(true);
    expect(
      isObservationBatch(calls('mcp_filesystem_read_text_file'), DEFAULT_OBSERVATION_TOOLS),
    ).toBe(true);
  });

  it('list_dir covers list_directory and list_directory_with_sizes', () => {
    expect(observationPatternFor('list_directory', DEFAULT_OBSERVATION_TOOLS)).toBe('list_dir');
    expect(observationPatternFor('list_directory_with_sizes', DEFAULT_OBSERVATION_TOOLS)).toBe(
      'list_dir',
    );
  });

  it('does not capture names that bare read/list/grep/glob/view would', () => {
    for (const n of ['thread_create', 'listen_port', 'set_global_config', 'preview_page']) {
      expect(observationPatternFor(n, DEFAULT_OBSERVATION_TOOLS)).toBeNull();
    }
  });

  it('returns the first matching pattern in list order', () => {
    expect(observationPatternFor('browser_navigate_click', DEFAULT_OBSERVATION_TOOLS)).toBe(
      'navigate',
    );
  });

  it('has the 26 default patterns in the reference order', () => {
    expect(DEFAULT_OBSERVATION_TOOLS).toHaveLength(26);
    expect(DEFAULT_OBSERVATION_TOOLS[0]).toBe('snapshot');
    expect(DEFAULT_OBSERVATION_TOOLS[25]).toBe('fetch_webpage');
  });
});

describe('isCostlyBatch (§4.2)', () => {
  const costly = [
    'navigate',
    'click',
    'fetch_webpage',
    'browser_navigate',
    'playwright_browser_click',
    'browser_click',
    'mcp__playwright__click',
    'BROWSER_NAVIGATE',
    'click_element_by_index',
    'double_click_element',
    'navigate_to_url',
    'navigate_to_definition',
    'get_click_count',
    'ad_click_report',
    'click_house_query',
    'fetch-webpage',
    'tools.fetch.webpage',
  ];
  for (const name of costly) {
    it(`${name} is costly`, () => expect(isCostlyName(name)).toBe(true));
  }
  const notCostly = [
    'get_clickable_elements',
    'browser_get_clickable_elements',
    'clickhouse_query',
    'read_file',
    'list_dir',
    'grep_search',
    'semantic_search',
    'get_errors',
    'browserNavigate',
    'clickElement',
    'fetchWebpage',
    '2:navigate',
    'fetch_the_webpage',
    'webpage_fetch',
  ];
  for (const name of notCostly) {
    it(`${name} is not costly`, () => expect(isCostlyName(name)).toBe(false));
  }

  it('is true if any call is costly, false for an empty batch', () => {
    expect(isCostlyBatch(calls('read_file', 'browser_click'))).toBe(true);
    expect(isCostlyBatch(calls('read_file', 'list_dir'))).toBe(false);
    expect(isCostlyBatch([])).toBe(false);
  });
});
