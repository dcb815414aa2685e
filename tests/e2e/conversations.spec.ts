// Files that hold several conversations, folders and Cline histories, end to end: each
// conversation is listed and can be put on the timeline, a folder goes to the corpus view,
// and a Cline history's results can be read either way.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  batchRows as rows,
  dropFile,
  expect,
  openApp,
  refusedRows,
  test,
  waitFor,
} from './fixtures';

const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url)) as Buffer;

/** Drops a file and waits for its analysis. */
async function drop(page: Page, name: string, bytes: Buffer) {
  await dropFile(page, name, bytes);
  await waitFor(page, 'ready');
}

const conversations = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const items = (page: Page) => conversations(page).getByRole('button', { name: /batch/ });

test('a Claude Code session with subagents: opened on the looping one, every one listed', async ({
  page,
}) => {
  await openApp(page);
  await drop(page, 'session.jsonl', fixture('claude-code/subagents-inline.jsonl'));
  await expect(items(page)).toHaveCount(3);
  // Most refusals first; the main chain refuses nothing, so the refused subagent is shown.
  const flaky = items(page).first();
  await expect(flaky).toContainText('subagent Find flaky test');
  await expect(flaky).toContainText('3 batches · 1 refusal');
  await expect(flaky).toHaveAttribute('aria-current', 'true');
  await expect(conversations(page).getByRole('status')).toContainText(
    'Opened on the conversation the reference refuses',
  );
  await waitFor(page, 'ready');
  await expect(rows(page)).toHaveCount(3);
  await expect(refusedRows(page)).toHaveCount(1);
  // The user picks the main chain: it stays, and the note goes.
  const main = conversations(page).getByRole('button', { name: /main chain/ });
  await main.click();
  await expect(main).toHaveAttribute('aria-current', 'true');
  await waitFor(page, 'ready');
  await expect(rows(page)).toHaveCount(1);
  await expect(conversations(page).getByRole('status')).toHaveCount(0);
});

test('a capture that opens with a side request: opened on the first conversation with calls', async ({
  page,
}) => {
  await openApp(page);
  // claude-trace's log: Claude Code's quota probe first, then the session that made calls.
  await drop(page, 'trace.jsonl', fixture('har/claude-trace-log.jsonl'));
  await expect(items(page)).toHaveCount(2);
  const withCalls = conversations(page).getByRole('button', { name: /2 batches/ });
  await expect(withCalls).toHaveAttribute('aria-current', 'true');
  await expect(conversations(page).getByRole('status')).toContainText(
    'Opened on the first conversation with tool calls',
  );
  await waitFor(page, 'ready');
  await expect(rows(page)).toHaveCount(2);
});

test('an Inspect log with several samples: one conversation per sample', async ({ page }) => {
  await openApp(page);
  await drop(page, 'log.json', fixture('inspect/attachments-two-samples.json'));
  await expect(items(page)).toHaveCount(2);
  await expect(conversations(page)).toContainText('sample 7 epoch 1');
  await expect(conversations(page)).toContainText('sample 8 epoch 1');
  await conversations(page)
    .getByRole('button', { name: /sample 8 epoch 1/ })
    .click();
  await expect(
    conversations(page).getByRole('button', { name: /sample 8 epoch 1/ }),
  ).toHaveAttribute('aria-current', 'true');
  await waitFor(page, 'ready');
});

test('every conversation of a file goes to the corpus at once', async ({ page }) => {
  await openApp(page);
  await drop(page, 'session.jsonl', fixture('claude-code/subagents-inline.jsonl'));
  await conversations(page).getByRole('button', { name: 'Open all 3 in Corpus' }).click();
  await expect(page.getByRole('tab', { name: 'Corpus' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Corpus totals')).toContainText('3 transcripts', {
    timeout: 30_000,
  });
  await expect(page.getByLabel('Corpus totals')).toContainText('1 refusal in 1 transcript');
});

test('a folder opens in the corpus view, its other files left out or skipped', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-folder-'));
  const project = join(dir, 'project');
  mkdirSync(join(project, 'old'), { recursive: true });
  writeFileSync(join(project, 'session.jsonl'), fixture('claude-code/subagents-inline.jsonl'));
  writeFileSync(join(project, 'old', 'chat.json'), fixture('openai-chat/loop-write-file.json'));
  writeFileSync(join(project, 'README.md'), '# not a transcript');
  // JSON, but no conversation: skipped and named, as the CLI does, not a failed row.
  writeFileSync(join(project, 'settings.json'), '{"theme": "dark"}');
  mkdirSync(join(project, '.cache'));
  writeFileSync(join(project, '.cache', 'chat.json'), fixture('openai-chat/loop-write-file.json'));
  await openApp(page);
  await page.getByLabel('Open folder…').setInputFiles(project);
  await expect(page.getByRole('tab', { name: 'Corpus' })).toHaveAttribute('aria-selected', 'true');
  const totals = page.getByLabel('Corpus totals');
  await expect(totals).toContainText('4 transcripts', { timeout: 30_000 });
  await expect(totals).toContainText('2 refusals in 2 transcripts');
  await expect(totals).toContainText('1 skipped');
  await expect(totals).not.toContainText('failed');
  const grid = page.getByRole('grid', { name: 'Corpus transcripts' });
  await expect(grid).toContainText('project/old/chat.json');
  await expect(grid).toContainText(
    'subagent Find slow test · Find the slowest test. · project/session.jsonl',
  );
  await expect(grid).not.toContainText('README.md');
  await expect(grid).not.toContainText('settings.json');
  await expect(grid).not.toContainText('.cache');
  await page.getByText(/1 file skipped/).click();
  await expect(page.getByRole('list', { name: 'Skipped files' })).toHaveText(
    'project/settings.json',
  );
});

test('a Cline history: why nothing refuses, and its results read as tool messages', async ({
  page,
}) => {
  await openApp(page);
  await drop(page, 'api_conversation_history.json', fixture('cline/repeated-command.json'));
  await expect(rows(page)).toHaveCount(5);
  await expect(refusedRows(page)).toHaveCount(0);
  // The first warning heads the folded list, so it is read without opening it.
  await expect(page.getByText(/can never refuse this session/).first()).toBeVisible();
  const reading = page.getByRole('combobox', { name: 'Cline results' });
  await expect(reading).toHaveValue('user');
  await reading.selectOption('tool');
  await expect(refusedRows(page)).toHaveCount(2, { timeout: 30_000 });
  await waitFor(page, 'ready');
  await expect(page.getByText(/can never refuse this session/)).toHaveCount(0);
  await reading.selectOption('user');
  await expect(refusedRows(page)).toHaveCount(0, { timeout: 30_000 });
});
