import { readFileSync } from 'node:fs';
import { expect, openSample, selectedRow, test, waitFor } from './fixtures';

const sample = JSON.parse(
  readFileSync(new URL('../../public/samples/mutating-loop.json', import.meta.url), 'utf8'),
) as { messages: { role: string; content: string | null }[] };
const firstUser = sample.messages.find((m) => m.role === 'user')?.content ?? '';

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`the Messages view reads the conversation and selects a batch (${size.width})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openSample(page, 'Mutating loop');
    await page.getByRole('tab', { name: 'Messages' }).click();
    const view = page.getByRole('region', { name: 'Messages' });
    expect(firstUser.length).toBeGreaterThan(0);
    // The view opens on the selected batch (the first refusal, #3); the conversation's start
    // is a scroll up away.
    const conversation = view.getByLabel('Conversation', { exact: true });
    await expect(view.getByRole('article', { name: /Assistant, batch #3$/ })).toBeVisible();
    await conversation.hover();
    await page.mouse.wheel(0, -5000);
    const user = view.getByRole('article', { name: /^Message \d+: User/ }).first();
    await expect(user).toContainText(firstUser);
    // A tool call of batch #1, clicked: batch #1 is selected, in the table too.
    const call = view.getByRole('article', { name: /Assistant, batch #1$/ });
    await call.getByRole('button').first().click();
    await expect(call).toHaveAttribute('data-selected', 'true');
    await page.getByRole('tab', { name: 'Batches' }).click();
    await waitFor(page, 'ready');
    await expect(selectedRow(page).getByRole('gridcell').first()).toHaveText('1');
  });
}
