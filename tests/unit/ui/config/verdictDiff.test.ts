import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../../src/detector/index';
import { batch, report as fullReport } from '../timeline/fixtures';
import { batchList, diffVerdicts } from '../../../../src/ui/config/verdictDiff';
import { withChanged } from '../../../../src/report/packedColumns';
import { packReport, verdictFlags } from '../../../../src/report/packedReport';
import { columnsOf, registerColumns } from '../../../../src/report/reportColumns';

type V = 'r' | 's' | 'p';
function report(verdicts: readonly V[]): Report {
  return fullReport(
    verdicts.map((v, index) => batch(index, { refused: v === 'r', rescued: v === 's' })),
  );
}

describe('diffVerdicts', () => {
  it('says nothing changed for identical verdicts', () => {
    const d = diffVerdicts(report(['p', 'r']), report(['p', 'r']));
    expect(d.sentence).toBe('Same verdicts as the defaults.');
    expect([...d.changed]).toEqual([]);
  });

  it('counts fewer refusals and names the batches', () => {
    const defaults = report([
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'r',
      'r',
    ]);
    const now = report([
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
      'p',
    ]);
    const d = diffVerdicts(now, defaults);
    expect(d.sentence).toBe(
      '2 fewer refusals; batches 14 and 15 no longer refused (against the defaults).',
    );
    expect([...d.changed]).toEqual([14, 15]);
    expect(d.noLongerRefused).toEqual([14, 15]);
  });

  it('reports new refusals and rescue changes', () => {
    const d = diffVerdicts(report(['r', 's', 'p']), report(['p', 'p', 's']));
    expect(d.sentence).toBe(
      '1 more refusal; batch 0 now refused; batch 1 now rescued; batch 2 no longer rescued (against the defaults).',
    );
    expect([...d.changed].sort()).toEqual([0, 1, 2]);
  });

  it('keeps the refusal count when one refusal moves', () => {
    const d = diffVerdicts(report(['p', 'r']), report(['r', 'p']));
    expect(d.sentence).toBe(
      'Batch 0 no longer refused; batch 1 now refused (against the defaults).',
    );
  });

  it('does not compare reports of different transcripts', () => {
    const d = diffVerdicts(report(['p']), report(['p', 'r']));
    expect(d.changed.size).toBe(0);
    expect(d.sentence).toMatch(/no comparison/);
  });
});

describe('batchList', () => {
  it('lists one, two, many, and cuts long lists', () => {
    expect(batchList([3])).toBe('batch 3');
    expect(batchList([1, 2])).toBe('batches 1 and 2');
    expect(batchList([1, 2, 3])).toBe('batches 1, 2 and 3');
    expect(batchList([1, 2, 3, 4, 5, 6, 7, 8])).toBe('batches 1, 2, 3, 4, 5, 6 and 2 more');
  });
});

describe('the diff the worker packs against the defaults', () => {
  const verdicts = fc.array(fc.constantFrom<V>('r', 's', 'p'), { minLength: 1, maxLength: 60 });

  it('gives the same comparison, sentence and pyramid marks as the main-thread pass', () => {
    fc.assert(
      fc.property(
        verdicts,
        fc.array(fc.constantFrom<V>('r', 's', 'p'), { maxLength: 60 }),
        (now, other) => {
          const before = now.map((v, i) => other[i] ?? v);
          const defaults = report(before);
          const plain = report(now);
          // The same report as the client would hold it: columns packed by the worker.
          const sent = report(now);
          const packed = packReport(sent, verdictFlags(defaults));
          registerColumns(sent, { transcript: columnsOf(plain).transcript, verdicts: packed });
          const a = diffVerdicts(plain, defaults);
          const b = diffVerdicts(sent, defaults);
          expect({ ...b, changed: [...b.changed] }).toEqual({ ...a, changed: [...a.changed] });
          expect(b.changed.size).toBe(a.changed.size);
          const levels = withChanged(packReport(plain).pyramid.levels, a.changed);
          expect(packed.pyramid.levels.map((l) => Array.from(l.flags))).toEqual(
            levels.map((l) => Array.from(l.flags)),
          );
        },
      ),
    );
  });
});
