/**
 * The app store over fakes, for the state tests: a client the test makes, and by default no
 * storage, no URL and no samples (`deps` replaces any of them).
 */
import type { Report } from '../../../src/detector/index';
import { createAppStore } from '../../../src/state/store';
import type { AppDeps, ClientPort } from '../../../src/state/types';
import type { AnalysisResult, ReplayClientListener } from '../../../src/worker/clientSupport';

export function testStore<C extends ClientPort>(
  makeClient: (listener: ReplayClientListener) => C,
  deps: Partial<AppDeps> = {},
) {
  let client: C | null = null;
  const store = createAppStore({
    createClient: (l) => (client = makeClient(l)),
    storage: null,
    hash: null,
    fetchText: () => Promise.reject(new Error('none')),
    readFileText: () => Promise.resolve(''),
    ...deps,
  });
  if (client === null) throw new Error('no client');
  return { store, client: client as C };
}

/** A result as the client delivers it: a new transcript's, unless `init` says otherwise. */
export function analysisResult(report: Report, init: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    dataVersion: 1,
    formatLabel: 'OpenAI',
    conversations: [],
    conversation: 0,
    report,
    defaultReport: report,
    newTranscript: true,
    name: 'x',
    ...init,
  };
}
