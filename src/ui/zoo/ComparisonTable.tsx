import { ZOO_DETECTORS, type ZooComparison } from '../../zoo/index';
import { actions, useZoo, useZooView } from '../../state/appStore';
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
  const rows = comparisonRows(zoo, ZOO_DETECTORS);
  const { maxRepeatedBatchSteps: s, maxObservationSteps: o } = zoo.against;
  return (
    <div className="zoo-compare">
      <table className="zoo-table" aria-label="Detector comparison">
        <caption>
          Each detector over this transcript. &ldquo;Only it flags&rdquo;: batches no other detector
          marks and the reference (strikes {s}, observation {o ?? 'unset'}) does not refuse.
        </caption>
        <thead>
          <tr>
            <th scope="col">Detector</th>
            <th scope="col">Kind</th>
            <th scope="col">First stop</th>
            <th scope="col">Warnings</th>
            <th scope="col">Stops</th>
            <th scope="col">Only it flags</th>
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
