import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WATCH_UNAVAILABLE } from '../../../../src/state/slices/watch';
import type { PendingBatch } from '../../../../src/pipeline/index';
import { WatchButton, WatchNews } from '../../../../src/ui/load/WatchButton';

// The app's store instance needs a browser: the control is given the slice's state instead.
const watch = vi.hoisted(() => ({
  state: {
    watching: null as string | null,
    unavailable: null as string | null,
    news: null,
    pending: null as PendingBatch | null,
  },
}));
vi.mock('../../../../src/state/appStore', () => ({
  useWatch: () => watch.state,
  actions: { watchFile: () => undefined, stopWatching: () => undefined },
}));

beforeEach(() => {
  watch.state = { watching: null, unavailable: null, news: null, pending: null };
});

describe('WatchButton', () => {
  it('is disabled where the API is missing, described by the reason it shows', () => {
    watch.state.unavailable = WATCH_UNAVAILABLE;
    const html = renderToStaticMarkup(<WatchButton />);
    const button = /<button[^>]*>Watch file…<\/button>/.exec(html)?.[0] ?? '';
    expect(button).toContain('disabled=""');
    expect(button).toContain(`title="${WATCH_UNAVAILABLE}"`);
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toContain(`id="${describedBy}" class="watch__why muted">${WATCH_UNAVAILABLE}<`);
  });

  it('is enabled and undescribed where the API is there; Stop watching while it runs', () => {
    const html = renderToStaticMarkup(<WatchButton />);
    expect(html).not.toContain('disabled');
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain(WATCH_UNAVAILABLE);
    watch.state.watching = 'rollout.jsonl';
    expect(renderToStaticMarkup(<WatchButton />)).toContain(
      'title="Stop following rollout.jsonl">Stop watching</button>',
    );
  });

  it('says the news in a polite live region', () => {
    expect(renderToStaticMarkup(<WatchNews />)).toMatch(
      /^<p class="watch__news" role="status" aria-live="polite" aria-label="Watched file"><\/p>$/,
    );
  });

  it('notes a batch whose results are still coming, outside the live region', () => {
    watch.state.pending = { index: 1234, messageIndex: 9, calls: ['read', 'read'], answered: 1 };
    expect(renderToStaticMarkup(<WatchNews />)).toContain(
      '</p><p class="watch__pending" data-testid="pending-batch">Batch #1,234 (read) is pending: 1 of 2 calls answered so far.</p>',
    );
  });
});
