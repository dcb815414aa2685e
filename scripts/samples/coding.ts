// The coding-session samples: ordinary work, a mutating loop and an observation loop.
import { TranscriptBuilder, call } from './builder';
import { CODING_SYSTEM, CODING_TOOLS, type SampleDef } from './types';

const TIME_TS = `export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  if (minutes === 0) return \`\${rest}s\`;
  return \`\${minutes}m \${rest}s\`;
}
`;

const TIME_TEST_TS = `import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/util/time';

describe('formatDuration', () => {
  it('prints seconds under a minute', () => expect(formatDuration(42)).toBe('42s'));
  it('prints minutes and seconds', () => expect(formatDuration(75)).toBe('1m 15s'));
  it('prints whole minutes without seconds', () => expect(formatDuration(120)).toBe('2m'));
});
`;

const ordinary: SampleDef = {
  file: 'ordinary-coding-session.json',
  title: 'Ordinary coding session',
  description:
    'Find a bug, fix it, add a test, run it twice: repeats with work in between never trip.',
  shows:
    'A normal fix-and-test session. The same file is read twice and the same test command runs twice, but other batches sit in between, so no run ever grows past 1.',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 101, CODING_TOOLS);
    const test = { command: 'npx vitest run tests/util/time.test.ts' };
    t.system(CODING_SYSTEM)
      .user(
        'The status bar shows "1m 60s" when a job took 119.6 seconds. Can you fix `formatDuration` and add a test for it?',
      )
      .batch(
        call('grep_search', { query: 'formatDuration', includePattern: 'src/**/*.{ts,tsx}' }),
        [
          "src/util/time.ts:1: export function formatDuration(seconds: number): string {\nsrc/ui/StatusBar.tsx:4: import { formatDuration } from '../util/time';\nsrc/ui/StatusBar.tsx:31:       <span>{formatDuration(job.elapsed)}</span>",
        ],
        { narration: 'Let me find the helper first.' },
      )
      .batch(
        [
          { name: 'read_file', args: { path: 'src/util/time.ts' } },
          { name: 'read_file', args: { path: 'tests/util/time.test.ts' } },
        ],
        [TIME_TS, TIME_TEST_TS],
      )
      .batch(
        call('edit_file', {
          path: 'src/util/time.ts',
          old_string:
            '  const minutes = Math.floor(seconds / 60);\n  const rest = Math.round(seconds - minutes * 60);',
          new_string:
            '  const whole = Math.round(seconds);\n  const minutes = Math.floor(whole / 60);\n  const rest = whole - minutes * 60;',
        }),
        ['Applied 1 edit to src/util/time.ts (2 lines removed, 3 added).'],
        {
          narration:
            'The seconds are rounded after the minutes are taken, so 59.6 rounds up to 60 inside the same minute. I\u2019ll round the total first.',
        },
      )
      .batch(
        call('edit_file', {
          path: 'tests/util/time.test.ts',
          old_string: "  it('prints whole minutes without seconds'",
          new_string:
            "  it('rounds up into the next minute', () => expect(formatDuration(119.6)).toBe('2m'));\n  it('prints whole minutes without seconds'",
        }),
        ['Applied 1 edit to tests/util/time.test.ts (1 line added).'],
      )
      .batch(call('run_in_terminal', test), [
        ' FAIL  tests/util/time.test.ts > formatDuration > rounds up into the next minute\nAssertionError: expected \'2m 0s\' to be \'2m\'\n - Expected: "2m"\n + Received: "2m 0s"\n\n Test Files  1 failed (1)\n      Tests  1 failed | 3 passed (4)\n   Duration  431ms',
      ])
      .batch(
        call('read_file', { path: 'src/util/time.ts' }),
        [
          'export function formatDuration(seconds: number): string {\n  const whole = Math.round(seconds);\n  const minutes = Math.floor(whole / 60);\n  const rest = whole - minutes * 60;\n  if (minutes === 0) return `${rest}s`;\n  return `${minutes}m ${rest}s`;\n}\n',
        ],
        {
          narration: 'Whole minutes should drop the seconds, as the existing test expects for 120.',
        },
      )
      .batch(
        call('edit_file', {
          path: 'src/util/time.ts',
          old_string: '  return `${minutes}m ${rest}s`;',
          new_string: '  return rest === 0 ? `${minutes}m` : `${minutes}m ${rest}s`;',
        }),
        ['Applied 1 edit to src/util/time.ts (1 line changed).'],
      )
      .batch(call('run_in_terminal', test), [
        ' \u2713 tests/util/time.test.ts (4 tests) 3ms\n\n Test Files  1 passed (1)\n      Tests  4 passed (4)\n   Duration  402ms',
      ])
      .batch(call('run_in_terminal', { command: 'npx tsc --noEmit -p .' }), [''])
      .say(
        '`formatDuration` now rounds the total before splitting it, so 119.6 s prints "2m" instead of "1m 60s". I added a test for that case; the file\u2019s tests and the type check pass.',
      )
      .user('Thanks. Run the whole suite once so we know nothing else broke.')
      .batch(call('run_in_terminal', { command: 'npm test' }), [
        '> acme-dashboard@2.4.0 test\n> vitest run\n\n \u2713 tests/util/time.test.ts (4 tests) 3ms\n \u2713 tests/util/money.test.ts (11 tests) 6ms\n \u2713 tests/ui/StatusBar.test.tsx (5 tests) 48ms\n \u2713 tests/api/jobs.test.ts (9 tests) 112ms\n\n Test Files  4 passed (4)\n      Tests  29 passed (29)\n   Duration  1.87s',
      ])
      .say('All 29 tests pass.');
    return t;
  },
};

const SETTINGS = `{
  "port": 8080,
  "logLevel": "info",
  "features": { "newCheckout": false }
}
`;

const mutating: SampleDef = {
  file: 'mutating-loop.json',
  title: 'Mutating loop',
  description:
    'The same write_file call fails the same way three times: refused at the 3rd identical batch.',
  shows:
    'A write that keeps failing with the same permission error. `write_file` matches no observation pattern, so the strike threshold 2 applies and the 3rd identical batch with the same answer is refused.',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 202, CODING_TOOLS);
    const write = call('write_file', {
      path: 'config/settings.json',
      content: SETTINGS.replace('"info"', '"debug"'),
    });
    const denied = ["Error: EACCES: permission denied, open '/workspace/config/settings.json'"];
    t.system(CODING_SYSTEM)
      .user('Turn on debug logging in config/settings.json, please.')
      .batch(call('read_file', { path: 'config/settings.json' }), [SETTINGS])
      .batch(write, denied, { narration: 'I\u2019ll set `logLevel` to `debug`.' })
      .batch(write, denied, { narration: 'The write failed. Trying again.' })
      .batch(write, denied, { narration: 'Retrying the write.', refused: 'strikes' })
      .say(
        'I can\u2019t write config/settings.json: the file is not writable by the agent (EACCES). Could you check its permissions?',
      );
    return t;
  },
};

const BUILD_FAIL =
  "> acme-dashboard@2.4.0 build\n> tsc -b && vite build\n\nsrc/ui/Checkout.tsx:3:24 - error TS2307: Cannot find module '@acme/ui-kit' or its corresponding type declarations.\n\n3 import { Button } from '@acme/ui-kit';\n                         ~~~~~~~~~~~~~~\n\nFound 1 error.\n";

const userAsks: SampleDef = {
  file: 'user-asks-again.json',
  title: 'User asks again',
  description:
    'The user asks three times for the same failing build: user turns break runs, so neither mode refuses.',
  shows:
    'The same `npm run build` batch with the same failing answer occurs four times, twice in a row in the first turn. Each user turn starts a new run (proxy: `breakRun`; agent: a fresh detector), so no run passes 2 and proxy and agent agree. Before user turns broke runs, the 3rd occurrence was refused.',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 606, CODING_TOOLS);
    const build = call('run_in_terminal', { command: 'npm run build' });
    t.system(CODING_SYSTEM)
      .user('Run the build and tell me if it passes.')
      .batch(build, [BUILD_FAIL])
      .batch(build, [BUILD_FAIL], {
        narration: 'Running it once more to rule out a stale incremental cache.',
      })
      .say(
        'The build fails: `@acme/ui-kit` cannot be resolved. It is listed in package.json but not installed; it comes from the private registry.',
      )
      .user('I fixed the registry token. Can you try the build again?')
      .batch(build, [BUILD_FAIL])
      .say(
        'Still the same error: `@acme/ui-kit` is not in node_modules. It needs an `npm install` first.',
      )
      .user('Please just run the build one more time.')
      .batch(build, [BUILD_FAIL])
      .say('Same result. I suggest `npm install` so the package is fetched with the new token.');
    return t;
  },
};

const SPEC_FAIL =
  ' FAIL  tests/checkout.spec.ts > checkout > applies the voucher\nError: Timed out in waitFor after 5000ms.\n    at tests/checkout.spec.ts:41:11\n\n Test Files  1 failed (1)\n      Tests  1 failed | 6 passed (7)';

const abCycle: SampleDef = {
  file: 'ab-cycle.json',
  title: 'A/B cycle',
  description:
    'Run the test, try the same failing edit, run the test again…: a cycle of two batches that no threshold catches.',
  shows:
    'Two batches alternate ten times with identical answers each time. Each different signature starts a new run, so every run stops at 1 and nothing is refused (detector.md \u00a712.1). Only the ledger\u2019s identical-result repeats observe it.',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 707, [
      ...CODING_TOOLS,
      'run_tests',
    ]);
    const runTests = call('run_tests', { files: ['tests/checkout.spec.ts'] });
    const edit = call('edit_file', {
      path: 'tests/checkout.spec.ts',
      old_string: "await waitFor(() => expect(total()).toBe('€40.00'), { timeout: 5000 });",
      new_string: "await waitFor(() => expect(total()).toBe('€40.00'), { timeout: 10000 });",
    });
    const notFound = [
      'Error: old_string not found in tests/checkout.spec.ts. Read the file again to get its current content.',
    ];
    t.system(CODING_SYSTEM).user(
      'The voucher test in tests/checkout.spec.ts is flaky. Make it pass.',
    );
    for (let i = 0; i < 10; i++) {
      t.batch(runTests, [SPEC_FAIL], i === 0 ? { narration: 'Running the spec first.' } : {});
      t.batch(edit, notFound, i === 0 ? { narration: 'Raising the waitFor timeout.' } : {});
    }
    t.user('Stop. You have been doing the same two things for ten rounds.');
    return t;
  },
};

/** The coding samples, in menu order positions 1, 2, 6 and 7. */
export const codingSamples = { ordinary, mutating, userAsks, abCycle };
