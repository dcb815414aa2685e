import { expect, openApp, openSample, test } from './fixtures';

// The first screen, with no click, must show why the opening sample is refused.
for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`first screen ${size.width}x${size.height} ${theme}: the refusal is explained in view`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      const details = page.getByRole('region', { name: 'Batch details' });
      const verdict = details.getByText(/^Refused: /);
      await expect(verdict).toBeInViewport({ ratio: 1 });
      // The headline row says the loop ended at its refusal instead of standing empty.
      await expect(
        page.getByRole('status').filter({ hasText: /^Select #3Refused at #3 \(strikes\)/ }),
      ).toBeInViewport();
      await expect(details.getByText(/^Batch #3 · message 8/)).toBeInViewport();
      await expect(
        page.getByRole('grid', { name: 'Batches' }).getByRole('row', { selected: true }),
      ).toBeInViewport();
    });
  }
}

test('a ceiling refusal keeps the reference’s note verbatim and adds our line', async ({
  page,
}) => {
  await openSample(page, 'Build poll stopped by the ceiling');
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details.getByText(/^Refused: /)).toBeVisible();
  const block = details.getByRole('group', { name: 'What the reference sends' });
  await expect(block).toContainText('received the same result each time');
  await expect(
    block.getByText(/^The reference words this note for strikes: here the answers changed/),
  ).toBeVisible();
});

test('a loop the reference lets through gets a headline, and its batch names the finding', async ({
  page,
}) => {
  await openSample(page, 'A/B cycle');
  const headline = page.getByRole('status').filter({ hasText: /^Select #\d+`/ });
  await expect(headline).toBeVisible();
  const text = (await headline.locator('.app-headline__text').textContent()) ?? '';
  // The loop itself, in plain words: its tools alternate, and why the guard lets them.
  expect(text).toMatch(
    /^`\w+` and `\w+` alternate \d+ times \(#\d+–\d+\); the guard never refuses/,
  );
  const at = /^Select #(\d+)/.exec((await headline.textContent()) ?? '')?.[1];
  await headline.getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(`Batch #${at}`);
  await expect(page.getByRole('group', { name: 'Detector lanes at this batch' })).toBeVisible();
  // Not cut: the whole sentence fits the row at this width.
  const box = await headline.locator('.app-headline__text').evaluate((el) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
  }));
  expect(box.scroll).toBeLessThanOrEqual(box.client);
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`the timeline's top stays put when a setting brings a headline (${size.width})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openSample(page, 'Mutating loop');
    const canvas = page.getByRole('application', { name: 'Timeline' });
    const top = async () => (await canvas.boundingBox())?.y;
    const before = await top();
    const headline = page.getByRole('status').filter({ hasText: /^Select #\d+`/ });
    await expect(headline).toHaveCount(0);
    await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('3');
    await expect(headline).toBeVisible();
    expect(await top()).toBe(before);
  });
}
