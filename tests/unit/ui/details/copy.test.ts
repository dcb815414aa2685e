import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '../../../../src/ui/details/copy';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyText', () => {
  it('writes the text and reports success', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyText('note text')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('note text');
  });

  it('reports failure instead of throwing when the browser refuses', async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: () => Promise.reject(new Error('NotAllowedError')) },
    });
    await expect(copyText('x')).resolves.toBe(false);
  });

  it('reports failure when there is no Clipboard API', async () => {
    vi.stubGlobal('navigator', {});
    await expect(copyText('x')).resolves.toBe(false);
  });
});
