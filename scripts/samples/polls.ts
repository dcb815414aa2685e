// The polling samples: build logs and clocks read again and again, moving or not.
import { TranscriptBuilder, call } from './builder';
import { CODING_SYSTEM, CODING_TOOLS, type SampleDef } from './types';

const CRATES = [
  'serde v1.0.219',
  'tokio v1.44.2',
  'hyper v1.6.0',
  'rustls v0.23.25',
  'sqlx-core v0.8.3',
  'axum v0.8.3',
  'tower-http v0.6.2',
  'reqwest v0.12.15',
  'tracing-subscriber v0.3.19',
  'clap v4.5.35',
  'llama-cpp-2 v0.1.103',
  'gglib-core v0.4.0 (/workspace/crates/gglib-core)',
  'gglib-proxy v0.4.0 (/workspace/crates/gglib-proxy)',
  'gglib-agent v0.4.0 (/workspace/crates/gglib-agent)',
  'gglib-cli v0.4.0 (/workspace/crates/gglib-cli)',
  'gglib-gui v0.4.0 (/workspace/crates/gglib-gui)',
];

/** `tail -n 2` of a cargo log at poll `i`: the output moves every time. */
function buildTail(i: number): string {
  const done = 38 + i * 23;
  const bar = '='.repeat(Math.min(24, Math.floor(done / 17))).padEnd(25, ' ');
  return `   Compiling ${CRATES[i % CRATES.length]}\n    Building [${bar}] ${done}/412: ${CRATES[(i + 3) % CRATES.length]?.split(' ')[0]}`;
}

const buildPoll: SampleDef = {
  file: 'build-poll-ceiling.json',
  title: 'Build poll stopped by the ceiling',
  description:
    'The agent polls a build log whose output moves every time: rescued by changing answers, stopped by the ceiling at the 16th poll.',
  shows:
    'A mutating batch (`run_in_terminal`) polled 16 times with a different answer each time. Each changed answer resets the count to 1, so the strike threshold never refuses it and occurrences 3 to 15 are rescued; the 16th is refused because the run total 16 exceeds the ceiling 15.',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 303, CODING_TOOLS);
    const poll = call('run_in_terminal', { command: 'tail -n 2 target/build.log' });
    t.system(CODING_SYSTEM)
      .user('Build the release binaries and tell me when they are done.')
      .batch(
        call('run_in_terminal', {
          command: 'cargo build --release --workspace > target/build.log 2>&1 &',
        }),
        ['[1] 48213'],
        { narration: 'Starting the build in the background.' },
      );
    for (let i = 0; i < 16; i++) {
      t.batch(poll, [buildTail(i)], {
        narration: i === 0 ? 'Checking the log.' : undefined,
        refused: i === 15 ? 'ceiling' : undefined,
      });
    }
    t.say(
      'The release build is still compiling (about 400 of 412 crates). I\u2019ll stop polling here.',
    );
    return t;
  },
};

const ORDERS_TS = `import { Router } from 'express';
import { db } from '../db';

export const orders = Router();

orders.get('/api/orders', async (req, res) => {
  const rows = await db.query('SELECT * FROM orders WHERE customer_id = $1', [req.user.id]);
  res.json(rows.map((r) => ({ id: r.id, total: r.total_cents / 100, placedAt: r.placed_at })));
});
`;

const observationLoop: SampleDef = {
  file: 'observation-loop.json',
  title: 'Observation loop',
  description:
    'The agent re-reads the same file and checks the same errors with nothing changing: refused at the 16th identical answer.',
  shows:
    'A read-only batch (`read_file` + `get_errors`, both observation patterns) repeated with identical answers. Read-only batches get the observation threshold 15 instead of 2, so the 16th identical occurrence is refused (count 16 exceeds 15).',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 404, CODING_TOOLS);
    const look = [
      { name: 'read_file', args: { path: 'src/routes/orders.ts' } },
      { name: 'get_errors', args: { filePaths: ['src/routes/orders.ts'] } },
    ];
    const narrations = [
      'Let me look at the handler.',
      'Looking at the handler again.',
      'Let me re-check the query.',
      'Checking the file once more.',
    ];
    t.system(CODING_SYSTEM)
      .user('`GET /api/orders` returns 500 since this morning. Why?')
      .batch(call('grep_search', { query: '/api/orders', includePattern: 'src/**/*.ts' }), [
        "src/routes/orders.ts:6: orders.get('/api/orders', async (req, res) => {",
      ]);
    for (let i = 0; i < 16; i++) {
      t.batch(look, [ORDERS_TS, 'No errors found in src/routes/orders.ts.'], {
        narration: narrations[i % narrations.length],
        refused: i === 15 ? 'strikes' : undefined,
      });
    }
    t.say(
      'I could not find the cause from this file alone; the handler looks correct. Can you share the server log from the failing request?',
    );
    return t;
  },
};

const STATES = ['queued', 'building image', 'rolling out', 'rolling out', 'rolling out'];

function statusPage(i: number): string {
  const state = STATES[Math.min(i, STATES.length - 1)];
  const ready = Math.min(11, Math.max(0, i - 2));
  const second = String((7 + i * 31) % 60).padStart(2, '0');
  const minute = 41 + Math.floor((7 + i * 31) / 60);
  return [
    '- Page URL: https://status.example.com/deploys/4821',
    '- Page Title: Deploy #4821 \u00b7 status.example.com',
    '- Page Snapshot:',
    '  - heading "Deploy #4821 (api, production)" [level=1]',
    `  - text: "Status: ${state} (${ready}/12 pods ready)"`,
    `  - text: "Last updated 10:${minute}:${second} UTC"`,
    '  - link "View logs" [ref=e14]',
  ].join('\n');
}

const costly: SampleDef = {
  file: 'costly-navigate.json',
  title: 'Costly browser_navigate run',
  description:
    'A browser agent reloads a deploy status page with browser_navigate: the answers change, but navigation is costly, so the ceiling still stops it at the 16th.',
  shows:
    '`browser_navigate` matches the observation pattern `navigate`, so it gets the threshold 15, and it is costly (the `navigate` segment), so the ceiling is not waived. The page changes every time, which keeps the count low, but the 16th load is refused because the run total exceeds the ceiling 15.',
  make: () => {
    const t = new TranscriptBuilder('gpt-4.1-mini', 505, [
      'browser_navigate',
      'browser_snapshot',
      'browser_click',
    ]);
    t.system(
      'You are a browser agent. Use the browser tools to look at pages; report what you find. Do not click buttons that change anything.',
    ).user('Wait for deploy #4821 to finish on the status page and tell me whether it succeeded.');
    for (let i = 0; i < 16; i++) {
      t.batch(
        call('browser_navigate', { url: 'https://status.example.com/deploys/4821' }),
        [statusPage(i)],
        {
          narration:
            i === 0
              ? 'Opening the deploy page.'
              : i === 5
                ? 'Still rolling out; reloading.'
                : undefined,
          refused: i === 15 ? 'ceiling' : undefined,
        },
      );
    }
    t.say('Deploy #4821 is still rolling out (11 of 12 pods ready).');
    return t;
  },
};

const quietPoll: SampleDef = {
  file: 'quiet-poll.json',
  title: 'Quiet poll',
  description:
    'The agent watches a compile that prints nothing new: identical answers to a read-only poll, refused at the 16th.',
  shows:
    '`get_terminal_output` is read-only, so a poll may repeat up to the observation threshold 15. The compile prints nothing new for a long time, so every answer is identical, and the 16th poll is refused (count 16 exceeds 15). Reading the answers only helps once the output moves (detector.md \u00a712.2).',
  make: () => {
    const t = new TranscriptBuilder('qwen2.5-coder-32b-instruct', 808, CODING_TOOLS);
    const poll = call('get_terminal_output', { id: 'term-7f3a' });
    const quiet =
      '   Compiling llama-cpp-sys-2 v0.1.103\n   Compiling gglib-core v0.4.0 (/workspace/crates/gglib-core)';
    t.system(CODING_SYSTEM)
      .user('Start the workspace build in the background and let me know when it finishes.')
      .batch(call('run_in_terminal', { command: 'cargo build --workspace', isBackground: true }), [
        'Started background terminal term-7f3a.',
      ]);
    for (let i = 0; i < 16; i++) {
      t.batch(poll, [quiet], {
        narration: i === 0 ? 'Waiting for the compile.' : undefined,
        refused: i === 15 ? 'strikes' : undefined,
      });
    }
    t.say('The build is still compiling llama-cpp-sys-2, which can take several minutes.');
    return t;
  },
};

/** The polling samples, in menu order positions 3, 4, 5 and 8. */
export const pollSamples = { buildPoll, observationLoop, costly, quietPoll };
