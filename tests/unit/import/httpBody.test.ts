import { describe, expect, test } from 'vitest';
import { wireMockAsHar } from '../../../src/import/wiremock';

describe('recordings that open as one but are no JSON', () => {
  test('say so on one line, whatever the parser quotes of the text', () => {
    // A byte-order mark inside the text: the parser's message quotes the text, line break too.
    const r = wireMockAsHar('\ufeff\ufeff{\n  "request": {"method": "POST"}]]', 'fuzzed.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(
        /^“fuzzed\.json” opens as WireMock stub mappings but is no JSON/,
      );
      expect(r.error.message).not.toContain('\n');
    }
  });
});
