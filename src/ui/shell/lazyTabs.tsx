/**
 * The tabs a first screen does not show, loaded when first opened: each is a chunk of its own,
 * so the page's first script carries only the debugger (the Messages tab brings its
 * measuring virtualizer with it). Until a chunk has come, the tab says
 * it is loading.
 */
import { lazy, Suspense, type ReactNode } from 'react';

export const LazySweepPanel = lazy(() =>
  import('../sweep/SweepPanel').then((m) => ({ default: m.SweepPanel })),
);
export const LazyCorpusView = lazy(() =>
  import('../corpus/CorpusView').then((m) => ({ default: m.CorpusView })),
);
export const LazyCorpusSweepPanel = lazy(() =>
  import('../corpus/CorpusSweepPanel').then((m) => ({ default: m.CorpusSweepPanel })),
);
export const LazyPatternExplorer = lazy(() =>
  import('../explorer/PatternExplorer').then((m) => ({ default: m.PatternExplorer })),
);
export const LazyMessagesView = lazy(() =>
  import('../messages/MessagesView').then((m) => ({ default: m.MessagesView })),
);
export const LazyComparisonTable = lazy(() =>
  import('../zoo/ComparisonTable').then((m) => ({ default: m.ComparisonTable })),
);

/** A tab's content behind its loading state. */
export function TabLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="muted tab-loading" role="status">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
