import { expect, openApp, openSample, test, waitFor } from './fixtures';

// Screenshots for people to look at (test-results/screens); not compared pixel by pixel.
for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshot ${size.width}x${size.height} ${theme}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await openSample(page, 'Mutating loop');
      await page
        .getByRole('grid', { name: 'Batches' })
        .getByRole('row')
        .filter({ hasText: /refused \(/ })
        .click();
      await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('write_file');
      await page.screenshot({
        path: `test-results/screens/app-${size.width}x${size.height}-${theme}-refused.png`,
      });
      await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('3');
      await waitFor(page, 'ready');
      await page.screenshot({
        path: `test-results/screens/app-${size.width}x${size.height}-${theme}.png`,
      });
    });
  }
}

test('screenshot of an input error', async ({ page }) => {
  await openApp(page);
  await page
    .getByRole('textbox', { name: 'Transcript' })
    .fill('{\n  "messages": [\n    {"role": "user" "content": "x"}\n  ]\n}');
  await waitFor(page, 'error');
  await expect(page.getByRole('region', { name: 'Input error' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/app-1280x800-input-error.png' });
});
