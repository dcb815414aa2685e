import { expect, openSample, test } from './fixtures';

test('a pasted note, 400 body, signature or hash goes to its batch', async ({ page }) => {
  await openSample(page, 'Mutating loop');
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details).toContainText('Batch #3');
  // The batch number comes with its place in the run, as a person counts it.
  await expect(
    details.getByText(/^Batch #3 · message 8 · 1 call · the 3rd `write_file` in a row$/),
  ).toBeVisible();
  const signature = (await details.locator('.dp-signature code').textContent()) ?? '';
  expect(signature).toMatch(/^write_file:[0-9a-f]{16}$/);
  const note = `[gglib loop guard] This conversation has repeated the tool-call batch \`${signature}\` with nothing in between, and received the same result each time.`;
  const body = `{"error":{"message":"Agentic loop detected: this conversation repeats the same tool-call batch with nothing in between (signature: ${signature}). Aborting before another identical turn.","type":"loop_detected","code":"loop_detected"}}`;
  const box = page.getByRole('searchbox', { name: 'Search batches' });
  const readRow = page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row')
    .filter({ hasText: 'read_file' });
  for (const query of [note, body, signature, signature.split(':')[1] ?? '']) {
    await box.fill('');
    await readRow.click();
    await expect(details).toContainText('Batch #0');
    await box.fill(query);
    await expect(details).toContainText('Batch #3');
    await expect(page.getByRole('search').getByRole('status')).toHaveText('3 of 3');
  }
});
