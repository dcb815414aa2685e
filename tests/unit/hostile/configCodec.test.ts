import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type DetectorConfig } from '../../../src/detector/index';
import {
  configToHash,
  configToJson,
  MAX_PATTERN_LENGTH,
  MAX_PATTERNS,
  OBSERVATION_MAX,
  OBSERVATION_MIN,
  parseConfigHash,
  parseConfigText,
  parseConfigValue,
  parseStoredConfig,
  STRIKES_MAX,
  STRIKES_MIN,
  type ConfigParse,
} from '../../../src/state/configCodec';
import { createAppStore, CONFIG_STORAGE_KEY } from '../../../src/state/store';
import type { AppDeps, ClientPort } from '../../../src/state/types';

/**
 * Stored config (URL hash, localStorage, imported files) is untrusted: whatever is there, the
 * result is a valid config, and anything ignored is said in a one-line notice.
 */

/** A config the detector can run: the types and ranges the codec promises. */
function expectValid(c: DetectorConfig): void {
  expect(['proxy', 'agent']).toContain(c.mode);
  expect(Number.isInteger(c.maxRepeatedBatchSteps)).toBe(true);
  expect(c.maxRepeatedBatchSteps).toBeGreaterThanOrEqual(STRIKES_MIN);
  expect(c.maxRepeatedBatchSteps).toBeLessThanOrEqual(STRIKES_MAX);
  if (c.maxObservationSteps !== null) {
    expect(Number.isInteger(c.maxObservationSteps)).toBe(true);
    expect(c.maxObservationSteps).toBeGreaterThanOrEqual(OBSERVATION_MIN);
    expect(c.maxObservationSteps).toBeLessThanOrEqual(OBSERVATION_MAX);
  }
  expect(Array.isArray(c.observationTools)).toBe(true);
  expect(c.observationTools.length).toBeLessThanOrEqual(MAX_PATTERNS);
  for (const t of c.observationTools) {
    expect(typeof t).toBe('string');
    expect(t.length).toBeLessThanOrEqual(MAX_PATTERN_LENGTH);
  }
  expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
}

function expectFallback(r: ConfigParse): void {
  expectValid(r.config);
  expect(r.notice).not.toBeNull();
  expect(r.notice).not.toContain('\n');
}

const polluted = () => (({}) as Record<string, unknown>)['polluted'];

describe('hostile stored config', () => {
  const hostileValues: unknown[] = [
    '5',
    -1,
    -0.5,
    2.5,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    1001,
    '1e3',
    '0x10',
    '  ',
    true,
    null,
    [],
    {},
    { __proto__: { polluted: 1 } },
    'x'.repeat(10 * 1024 * 1024),
    ['x'.repeat(10 * 1024 * 1024)],
    [1, 2, 3],
    Array.from({ length: MAX_PATTERNS + 1 }, (_, i) => `p${i}`),
  ];

  it('wrong types, huge, negative and fractional numbers fall back field by field', () => {
    for (const key of [
      'mode',
      'maxRepeatedBatchSteps',
      'maxObservationSteps',
      'observationTools',
    ]) {
      let ignored = 0;
      for (const v of hostileValues) {
        const r = parseConfigValue({ ...JSON.parse(configToJson(DEFAULT_CONFIG)), [key]: v }, 'x');
        expectValid(r.config);
        const field = r.config[key as keyof DetectorConfig];
        if (r.notice !== null) {
          // Ignored: said so, and the default stands.
          ignored++;
          expect(field).toEqual(DEFAULT_CONFIG[key as keyof DetectorConfig]);
          expect(r.notice).toMatch(
            /^Ignored part of the config in x: .+; using the defaults there\.$/,
          );
        } else {
          // Accepted silently: then it is the value given (a digit string read as its number).
          expect(field, `${key} = ${String(v).slice(0, 20)}`).toEqual(
            typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
          );
        }
      }
      expect(ignored, key).toBeGreaterThan(hostileValues.length / 2);
    }
  });

  it('non-JSON and non-objects in localStorage fall back with a notice', () => {
    for (const text of [
      '',
      'undefined',
      'NaN',
      '{"mode":',
      '[]',
      '"proxy"',
      '1e999',
      'x'.repeat(10 * 1024 * 1024),
      '{'.repeat(100_000),
    ]) {
      const r = parseStoredConfig(text);
      expect(r.config).toEqual(DEFAULT_CONFIG);
      expectFallback(r);
    }
  });

  it('__proto__, constructor and prototype payloads change nothing', () => {
    for (const text of [
      '{"__proto__":{"polluted":1,"maxRepeatedBatchSteps":7}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"observationTools":{"__proto__":["x"],"length":1}}',
      '{"mode":{"toString":"agent"}}',
    ]) {
      const r = parseStoredConfig(text);
      expectValid(r.config);
      expect(r.config.maxRepeatedBatchSteps).toBe(DEFAULT_CONFIG.maxRepeatedBatchSteps);
      expect(r.config.observationTools).toEqual(DEFAULT_CONFIG.observationTools);
      expect(r.config.mode).toBe('proxy');
    }
    for (const hash of [
      '#__proto__[polluted]=1',
      '#constructor.prototype.polluted=1',
      '#tools=%7B%22__proto__%22%3A%5B%22x%22%5D%7D',
      '#tools=%5B%7B%22__proto__%22%3A1%7D%5D',
      '#mode=__proto__&strikes=__proto__&obs=constructor',
    ]) {
      expectValid(parseConfigHash(hash).config);
    }
    expect(polluted()).toBeUndefined();
  });

  it('a hash with huge, negative or repeated values falls back with a notice', () => {
    for (const hash of [
      '#strikes=99999999999999999999',
      '#strikes=-1',
      '#strikes=1.5',
      '#strikes=1e3',
      '#obs=0',
      '#obs=-5',
      '#obs=1000000',
      '#mode=PROXY',
      `#tools=${encodeURIComponent(JSON.stringify(['x'.repeat(MAX_PATTERN_LENGTH + 1)]))}`,
      `#tools=${encodeURIComponent('['.repeat(40_000))}`,
      '#tools=%5B1%2C2%5D',
      '#tools=null',
    ]) {
      expectFallback(parseConfigHash(hash));
    }
    // The first of repeated keys counts; a bad second one is not consulted.
    expect(parseConfigHash('#strikes=3&strikes=-1').config.maxRepeatedBatchSteps).toBe(3);
  });

  it('a 10 MB hash is refused without being parsed', () => {
    const r = parseConfigHash(`#strikes=3&tools=${'x'.repeat(10 * 1024 * 1024)}`);
    expect(r.config).toEqual(DEFAULT_CONFIG);
    expect(r.notice).toMatch(/too long/);
  });

  it('arbitrary hash text always gives a valid config, and round trips stay silent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expectValid(parseConfigHash(s).config);
        expectValid(parseConfigHash(`#strikes=${s}&obs=${s}&mode=${s}&tools=${s}`).config);
      }),
      { numRuns: 500 },
    );
    const configArb = fc.record({
      mode: fc.constantFrom('proxy' as const, 'agent' as const),
      maxRepeatedBatchSteps: fc.integer({ min: STRIKES_MIN, max: STRIKES_MAX }),
      maxObservationSteps: fc.option(fc.integer({ min: OBSERVATION_MIN, max: OBSERVATION_MAX }), {
        nil: null,
      }),
      observationTools: fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 10 }),
    });
    fc.assert(
      fc.property(configArb, (c) => {
        expect(parseConfigHash(configToHash(c))).toEqual({ config: c, notice: null });
        expect(parseStoredConfig(configToJson(c))).toEqual({ config: c, notice: null });
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON in storage or a config file always gives a valid config', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record(
            {
              mode: fc.jsonValue({ maxDepth: 1 }),
              maxRepeatedBatchSteps: fc.jsonValue({ maxDepth: 1 }),
              maxObservationSteps: fc.jsonValue({ maxDepth: 1 }),
              observationTools: fc.jsonValue({ maxDepth: 2 }),
            },
            { requiredKeys: [] },
          ),
        ),
        (v) => {
          const text = JSON.stringify(v);
          expectValid(parseStoredConfig(text).config);
          expectValid(parseConfigText(text, 'a file').config);
        },
      ),
      { numRuns: 500 },
    );
    expect(polluted()).toBeUndefined();
  });
});

describe('the store at start-up with hostile stored state', () => {
  function storeWith(stored: string | null, hash: string) {
    const writes: string[] = [];
    const client: ClientPort = {
      load: () => undefined,
      evaluate: () => undefined,
      details: () => undefined,
      retry: () => undefined,
      cancel: () => false,
    };
    const deps = {
      createClient: () => client,
      storage: {
        getItem: (k: string) => (k === CONFIG_STORAGE_KEY ? stored : null),
        setItem: (_k: string, v: string) => void writes.push(v),
      },
      hash: { read: () => hash, write: () => undefined },
      fetchText: () => Promise.reject(new Error('no network in tests')),
      readFileText: () => Promise.resolve(''),
    } as unknown as AppDeps;
    return createAppStore(deps).getState();
  }

  it('malformed localStorage: the defaults and a visible notice', () => {
    const s = storeWith('{"maxRepeatedBatchSteps":-3,"__proto__":{"polluted":1}}', '');
    expect(s.config).toEqual(DEFAULT_CONFIG);
    expect(s.configNotice).toMatch(/this browser’s storage.*max_repeated_batch_steps/);
    expect(polluted()).toBeUndefined();
  });

  it('a malicious hash wins over storage and falls back with a notice', () => {
    const s = storeWith(
      configToJson({ ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 4 }),
      '#strikes=<script>',
    );
    expect(s.config.maxRepeatedBatchSteps).toBe(DEFAULT_CONFIG.maxRepeatedBatchSteps);
    expect(s.configNotice).toMatch(/in the URL/);
  });

  it('storage that throws behaves as empty', () => {
    const deps = {
      createClient: () => ({
        load: () => undefined,
        evaluate: () => undefined,
        details: () => undefined,
        retry: () => undefined,
        cancel: () => false,
      }),
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
      hash: null,
      fetchText: () => Promise.reject(new Error('no network in tests')),
      readFileText: () => Promise.resolve(''),
    } as unknown as AppDeps;
    const store = createAppStore(deps);
    expect(store.getState().config).toEqual(DEFAULT_CONFIG);
    expect(store.getState().configNotice).toBeNull();
    store.getState().setConfig({ maxRepeatedBatchSteps: 3 });
    // The change holds on the page though it could not be saved.
    expect(store.getState().config).toEqual({ ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 });
  });
});
