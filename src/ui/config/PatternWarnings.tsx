// Warnings about the observation_tools list for the loaded transcript (docs/detector.md §10.1):
// beside the pattern editor and in the Patterns tab.
import { useMemo, useState } from 'react';
import { missedReadOnly, pollWarnings, toolNamesOf } from '../../report/patternWarnings';
import { actions, useConfig, useReport } from '../../state/appStore';
import { patternRefusal } from './patternRefusal';

interface Offer {
  readonly pattern: string;
  readonly tool: string;
}

/** Enough to act on; a transcript of generated names could flag hundreds. */
const MAX_SHOWN = 12;

export function PatternWarnings() {
  const report = useReport();
  const config = useConfig();
  const [notice, setNotice] = useState('');
  const polls = useMemo(() => (report === null ? [] : pollWarnings(report)), [report]);
  const names = useMemo(() => (report === null ? [] : toolNamesOf(report)), [report]);
  // The panel's list, which may be ahead of the report while a change re-runs.
  const missed = useMemo(
    () => missedReadOnly(names, config.observationTools, config.maxObservationSteps),
    [names, config.observationTools, config.maxObservationSteps],
  );
  if (polls.length === 0 && missed.length === 0) {
    return notice === '' ? null : (
      <p className="pattern-warnings__notice" role="status">
        {notice}
      </p>
    );
  }
  const add = (pattern: string, tool: string) => {
    const refusal = patternRefusal(pattern, config.observationTools);
    if (refusal !== null) {
      setNotice(refusal);
      return;
    }
    actions.setConfig({ observationTools: [...config.observationTools, pattern] });
    setNotice(`Added “${pattern}”: ${tool} is read-only now.`);
  };
  const items = [
    ...polls.map((w) => ({ key: `poll:${w.tool}`, text: w.message, add: null as Offer | null })),
    ...missed.map((m) => ({
      key: `missed:${m.tool}`,
      text: m.message,
      add: m.blockedBy === null ? { pattern: m.pattern, tool: m.tool } : null,
    })),
  ];
  const shown = items.slice(0, MAX_SHOWN);
  return (
    <section className="pattern-warnings" aria-label="Pattern warnings">
      <h3 className="pattern-warnings__title">Pattern warnings</h3>
      <ul className="pattern-warnings__list">
        {shown.map(({ key, text, add: offer }) => (
          <li key={key} className="pattern-warnings__item">
            <span aria-hidden="true">⚠</span> {text}{' '}
            {offer === null ? null : (
              <button
                type="button"
                className="button button--small"
                onClick={() => add(offer.pattern, offer.tool)}
              >
                Add pattern “{offer.pattern}”
              </button>
            )}
          </li>
        ))}
      </ul>
      {items.length > shown.length ? (
        <p className="field__hint">And {items.length - shown.length} more.</p>
      ) : null}
      <p className="pattern-warnings__notice" role="status">
        {notice}
      </p>
    </section>
  );
}
