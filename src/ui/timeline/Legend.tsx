// The timeline's keys: the signatures' colours and what the marks mean, as DOM text.
import type { SignaturePalette } from '../colors';
import type { TimelineModel } from './model';
import { fmt, legendEntries } from './describe';

// DOM, text only: tool names come from the transcript and are rendered as React text nodes.

export function SignatureLegend(props: {
  model: TimelineModel;
  sigColors: SignaturePalette;
}): React.JSX.Element | null {
  const { model, sigColors } = props;
  if (model.n === 0) return null;
  const entries = legendEntries(model);
  const more = model.signatureCount - entries.length;
  return (
    <ul className="ls-tl-legend" aria-label="Signature legend">
      {entries.map((e) => (
        <li key={e.id} title={e.title}>
          <span
            className="ls-tl-swatch"
            aria-hidden="true"
            style={{ backgroundColor: sigColors(e.id) }}
          />
          <span className="ls-tl-legend-label">{e.label}</span>
          <span className="ls-tl-legend-count">×{fmt(e.occurrences)}</span>
        </li>
      ))}
      {more > 0 && <li className="ls-tl-legend-more">+{fmt(more)} more</li>}
    </ul>
  );
}

/** What the marks mean; the glyphs mirror the canvas drawing. */
export function MarkKey(): React.JSX.Element {
  return (
    <ul className="ls-tl-key" aria-label="Timeline marks">
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <rect x="2" y="3" width="8" height="9" className="k-count" />
          <rect x="2" y="0" width="8" height="12" className="k-total" />
        </svg>
        count / total
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <path d="M1 2h10L6 9z" className="k-refused" />
        </svg>
        refused
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <rect x="0" y="1" width="12" height="10" className="k-first" />
        </svg>
        first refusal
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <circle cx="6" cy="6" r="3.5" className="k-rescued" />
        </svg>
        rescued
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <path d="M6 2l4 4-4 4-4-4z" className="k-answer" />
        </svg>
        answer changed
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <rect x="2.5" y="2.5" width="7" height="7" className="k-unknown" />
        </svg>
        answers unknown
      </li>
      <li>
        <svg width="14" height="12" aria-hidden="true">
          <path d="M0 6h14" className="k-threshold" />
        </svg>
        threshold
      </li>
      <li>
        <svg width="14" height="12" aria-hidden="true">
          <path d="M0 6h14" className="k-ceiling" />
        </svg>
        ceiling
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <path d="M6 0v12" className="k-break" />
        </svg>
        run broken by a message
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <rect x="1" y="0" width="10" height="12" className="k-changed" />
        </svg>
        changed vs defaults
      </li>
    </ul>
  );
}
