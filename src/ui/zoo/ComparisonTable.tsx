// The Detectors tab's comparison: where each lane would stop or warn, against the reference.
import { costPhrase, TOKEN_ESTIMATE_TEXT } from '../../detector/index';
import type { ZooComparison } from '../../zoo/index';
import { ZOO_LANES } from '../../zoo/lanes';
import { actions, useZoo, useZooView } from '../../state/appStore';
import type { ZooCost } from '../../worker/zoo/protocol';
import { comparisonRows, ONLY_HERE_SHOWN } from './comparison';

function BatchLink({ index }: { index: number }) {
  return (
    <button
      type="button"
      className="zoo-batch-link"
      aria-label={`Select batch ${index}`}
      onClick={() => actions.select(index)}
    >
      #{index}
    </button>
  );
}

function OnlyHere({ row }: { row: ZooComparison }) {
  if (row.onlyHere.length === 0) return <span className="zoo-muted">none</span>;
  const shown = row.onlyHere.slice(0, ONLY_HERE_SHOWN);
  const more = row.onlyHere.length - shown.length;
  return (
    <ul className="zoo-only-list">
      {shown.map((b) => (
        <li key={b}>
          <BatchLink index={b} />
        </li>
      ))}
      {more > 0 ? <li className="zoo-muted">and {more} more</li> : null}
    </ul>
  );
}

function costText(c: ZooCost | undefined): string {
  return c === undefined || c.loops === 0 ? '—' : costPhrase(c);
}

/**
 * The zoo's comparison table: for the reference and each detector, the first stop,
 * the warnings, the stops and the batches only it flags.
 */
export function ComparisonTable() {
  const zoo = useZoo();
  const { error } = useZooView();
  if (zoo === null) {
    return (
      <p className="zoo-muted zoo-pad" role="status">
        {error ?? 'Running the detector zoo…'}
      </p>
    );
  }
  const rows = comparisonRows(zoo, ZOO_LANES);
  const costs = new Map((zoo.costs ?? []).map((c) => [c.id, c]));
  const { maxRepeatedBatchSteps: s, maxObservationSteps: o } = zoo.against;
  return (
    <div className="zoo-compare">
      <table className="zoo-table" aria-label="Detector comparison">
        <caption>
          Each detector over this transcript. &ldquo;Only it flags&rdquo;: batches no other detector
          marks and the reference (strikes {s}, observation {o ?? 'unset'}) does not refuse.
          &ldquo;Cost after&rdquo;: the calls of each flagged loop after its first flag, and the
          tokens their answers brought back, {TOKEN_ESTIMATE_TEXT}.
        </caption>
        <thead>
          <tr>
            <th scope="col">Detector</th>
            <th scope="col">Kind</th>
            <th scope="col">First stop</th>
            <th scope="col">Warnings</th>
            <th scope="col">Stops</th>
            <th scope="col">Only it flags</th>
            <th scope="col">Cost after</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ row, label, kind }) => (
            <tr key={row.id} className={row.id === 'reference' ? 'zoo-row-reference' : undefined}>
              <th scope="row">{label}</th>
              <td>
                <span className={`zoo-badge zoo-badge--${kind}`}>{kind}</span>
              </td>
              <td>
                {row.firstStop === null ? (
                  <span className="zoo-muted">none</span>
                ) : (
                  <BatchLink index={row.firstStop} />
                )}
              </td>
              <td className="zoo-num">{row.warnings}</td>
              <td className="zoo-num">{row.stops}</td>
              <td>
                <OnlyHere row={row} />
              </td>
              <td className="zoo-num">{costText(costs.get(row.id))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
