import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type DetectorConfig, type Report } from '../../../src/detector/index';
import { currentSweep } from '../../../src/state/slices/sweep';
import { currentZoo } from '../../../src/state/slices/zoo';
import type { ClientPort } from '../../../src/state/types';
import type { AnalysisResult, ReplayClientListener } from '../../../src/worker/clientSupport';
import type { SideListener } from '../../../src/worker/zoo/client';
import type {
  SweepRequest,
  SweepResponse,
  ZooParamsById,
  ZooResponse,
} from '../../../src/worker/zoo/protocol';
import { analysisResult, testStore } from './testStore';

class FakeClient implements ClientPort {
  calls: string[] = [];
  side: SideListener | null = null;
  constructor(readonly listener: ReplayClientListener) {}
  load() {}
  evaluate(config: DetectorConfig) {
    this.calls.push(
      `evaluate:${config.maxRepeatedBatchSteps}:${String(config.maxObservationSteps)}`,
    );
  }
  details() {}
  retry() {}
  cancel() {
    return false;
  }
  setSideListener(l: SideListener) {
    this.side = l;
  }
  zoo(params: ZooParamsById) {
    this.calls.push(`zoo:${JSON.stringify(params)}`);
  }
  sweep(config: SweepRequest['config']) {
    this.calls.push(`sweep:${config.mode}`);
  }
}

const setup = () => testStore((l) => new FakeClient(l));

function result(dataVersion: number, config: Partial<DetectorConfig> = {}): AnalysisResult {
  const report = { batches: [], config: { ...DEFAULT_CONFIG, ...config } } as unknown as Report;
  return analysisResult(report, { dataVersion });
}

describe('zoo and sweep wiring in the store', () => {
  it('asks for the zoo on every result and parameter change, and keeps only current replies', () => {
    const { store, client } = setup();
    store.getState().listener.onResult(result(1));
    expect(client.calls).toEqual(['zoo:{}']);
    store.getState().setZooParam('cline', 'soft', 4);
    expect(client.calls.at(-1)).toBe('zoo:{"cline":{"soft":4}}');
    client.side?.onZoo({ type: 'zoo', requestId: 1, dataVersion: 1 } as unknown as ZooResponse);
    expect(currentZoo(store.getState())).not.toBeNull();
    store.getState().listener.onResult(result(2));
    expect(currentZoo(store.getState())).toBeNull(); // the old transcript's lanes are not shown
    store.getState().resetZooParams('cline');
    expect(store.getState().zooParams).toEqual({});
  });

  it('keeps the lane results of a transcript while only the config changes', () => {
    const { store, client } = setup();
    const reply = (dataVersion: number, ids: string[]) =>
      ({
        type: 'zoo',
        requestId: 1,
        dataVersion,
        results: ids.map((id) => ({ id, marks: [], firstStop: null, warnings: 0 })),
        comparison: [],
      }) as unknown as ZooResponse;
    store.getState().listener.onResult(result(1));
    client.side?.onZoo(reply(1, ['a', 'b']));
    const first = store.getState().zoo;
    // A new config: same transcript, same parameters, so equal lanes keep their identity.
    client.side?.onZoo(reply(1, ['a', 'b']));
    const second = store.getState().zoo;
    expect(second).not.toBe(first);
    expect(second?.results).toBe(first?.results);
    // New parameters, or another transcript: the reply's own results.
    store.getState().setZooParam('cline', 'soft', 4);
    const third = reply(1, ['a', 'b']);
    client.side?.onZoo(third);
    expect(store.getState().zoo?.results).toBe(third.results);
    const fourth = reply(2, ['a', 'b']);
    client.side?.onZoo(fourth);
    expect(store.getState().zoo?.results).toBe(fourth.results);
  });

  it('keeps the lanes of a watched file that grew until its own arrive, not after a restart', () => {
    const { store, client } = setup();
    const reply = (dataVersion: number) =>
      ({ type: 'zoo', requestId: 1, dataVersion, results: [] }) as unknown as ZooResponse;
    const grown = (dataVersion: number, restarted: boolean): AnalysisResult => ({
      ...result(dataVersion),
      newTranscript: false,
      grown: { newBatches: 1, restarted },
    });
    store.getState().listener.onResult(result(1));
    const first = reply(1);
    client.side?.onZoo(first);
    store.getState().listener.onResult(grown(2, false));
    expect(currentZoo(store.getState())).toBe(first);
    const second = reply(2);
    client.side?.onZoo(second);
    expect(currentZoo(store.getState())).toBe(second);
    // Replayed anew, or another file: no lanes of what was shown before.
    store.getState().listener.onResult(grown(3, true));
    expect(currentZoo(store.getState())).toBeNull();
    client.side?.onZoo(reply(3));
    store.getState().listener.onResult(result(4));
    expect(currentZoo(store.getState())).toBeNull();
  });

  it('asks for the sweep only once it is wanted, then on every result', () => {
    const { store, client } = setup();
    store.getState().listener.onResult(result(1));
    expect(client.calls.filter((c) => c.startsWith('sweep'))).toEqual([]);
    store.getState().requestSweep();
    expect(client.calls.at(-1)).toBe('sweep:proxy');
    store.getState().listener.onResult(result(1, { mode: 'agent' }));
    expect(client.calls.at(-1)).toBe('sweep:agent');
    // A proxy sweep does not stand for an agent-mode report.
    client.side?.onSweep({
      type: 'sweep',
      requestId: 1,
      dataVersion: 1,
      sweep: { mode: 'proxy' },
    } as unknown as SweepResponse);
    expect(currentSweep(store.getState())).toBeNull();
    client.side?.onSweep({
      type: 'sweep',
      requestId: 2,
      dataVersion: 1,
      sweep: { mode: 'agent' },
    } as unknown as SweepResponse);
    expect(currentSweep(store.getState())).not.toBeNull();
  });

  it('applies a sweep cell to the config, which re-runs the replay', () => {
    const { store, client } = setup();
    store.getState().applySweepCell(4, null);
    expect(store.getState().config).toMatchObject({
      maxRepeatedBatchSteps: 4,
      maxObservationSteps: null,
    });
    expect(client.calls.at(-1)).toBe('evaluate:4:null');
    const n = client.calls.length;
    store.getState().applySweepCell(4, null);
    expect(client.calls).toHaveLength(n);
  });

  it('toggles lanes', () => {
    const { store } = setup();
    store.getState().setLaneHidden('cycles', true);
    store.getState().setLaneHidden('cline', true);
    store.getState().setLaneHidden('cycles', false);
    expect(store.getState().hiddenLanes).toEqual(['cline']);
    store.getState().setLanesVisible(false);
    expect(store.getState().lanesVisible).toBe(false);
  });
});

describe('a transcript the reference lets through opens on its strongest lane finding', () => {
  const withBatches = (dataVersion: number): AnalysisResult => {
    const r = result(dataVersion);
    const report = {
      ...r.report,
      batches: Array.from({ length: 6 }, (_, index) => ({ index })),
      firstRefusal: null,
    } as unknown as Report;
    return { ...r, report, defaultReport: report };
  };
  const reply = (dataVersion: number) =>
    ({
      type: 'zoo',
      requestId: 1,
      dataVersion,
      results: [
        {
          id: 'cycles',
          marks: [{ batchIndex: 4, messageIndex: 9, level: 'advice', message: 'cycle' }],
          firstStop: null,
          warnings: 1,
        },
      ],
    }) as unknown as ZooResponse;

  it('moves the app’s own choice (batch 0) to the finding when the lanes arrive', () => {
    const { store, client } = setup();
    store.getState().listener.onResult(withBatches(1));
    expect(store.getState().selectedIndex).toBe(0);
    client.side?.onZoo(reply(1));
    expect(store.getState().selectedIndex).toBe(4);
  });

  it('leaves a batch the user chose alone', () => {
    const { store, client } = setup();
    store.getState().listener.onResult(withBatches(1));
    store.getState().select(2);
    client.side?.onZoo(reply(1));
    expect(store.getState().selectedIndex).toBe(2);
  });
});
