// The Patterns tab: the repeated call patterns of a transcript and what the detector made of them.
import { useId, useMemo, useState } from 'react';
import type { Report, ReportConfig } from '../../detector/index';
import { actions, useConfig } from '../../state/appStore';
import type { Trap } from './traps';
import { explorePatterns } from './explore';
import { PatternWarnings } from '../config/PatternWarnings';
import { patternRefusal, suggestionSentence, suggestPattern } from './suggest';
import './PatternExplorer.css';

interface PatternExplorerProps {
  report: Report;
  config: ReportConfig;
}

/** Distinct names are few in real transcripts; a generated one with thousands gets a cut list. */
const MAX_TOOLS_SHOWN = 1000;

function TrapList({ traps }: { traps: readonly Trap[] }) {
  if (traps.length === 0) return <span className="pe-muted">none</span>;
  return (
    <ul className="pe-traps">
      {traps.map((t) => (
        <li key={t.kind} className={`pe-trap pe-trap-${t.kind}`}>
          <span className="pe-trap-icon" aria-hidden="true">
            ⚠
          </span>{' '}
          {t.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every tool name in the transcript with the observation pattern that classifies it, whether the
 * costly rule marks it, and the known classifier traps it falls into.
 */
export function PatternExplorer({ report, config }: PatternExplorerProps) {
  const headingId = useId();
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const exploration = useMemo(() => explorePatterns(report, config), [report, config]);
  const listed = flaggedOnly
    ? exploration.tools.filter((t) => t.traps.length > 0)
    : exploration.tools;
  const shown = listed.slice(0, MAX_TOOLS_SHOWN);
  const n = exploration.tools.length;
  const patternNotes = exploration.patterns.filter((p) => p.traps.length > 0);
  // The panel's config, which may be ahead of the report while a change re-runs.
  const current = useConfig().observationTools;
  const [notice, setNotice] = useState<{ text: string; refused: boolean } | null>(null);
  const makeReadOnly = (name: string) => {
    const names = exploration.tools.map((t) => t.name);
    const s = suggestPattern(name, names, current);
    const refusal = patternRefusal(s.pattern, current);
    if (refusal !== null) {
      setNotice({ text: refusal, refused: true });
      return;
    }
    actions.setConfig({ observationTools: [...current, s.pattern] });
    setNotice({ text: suggestionSentence(name, s), refused: false });
  };

  return (
    <section className="pattern-explorer" aria-labelledby={headingId}>
      <h2 id={headingId}>Tool patterns</h2>
      <p className="pe-summary">
        {n} distinct tool {n === 1 ? 'name' : 'names'}; {exploration.flagged} flagged.{' '}
        {config.observationTools.length === 0
          ? 'The pattern list is empty, so no batch is read-only.'
          : `${config.observationTools.length} observation patterns; the first one that a name contains classifies it.`}
      </p>
      {patternNotes.length > 0 ? (
        <ul className="pe-traps pe-config-traps" aria-label="Pattern list problems">
          {patternNotes.map((p) => (
            <li key={p.position} className="pe-trap">
              <span className="pe-trap-icon" aria-hidden="true">
                ⚠
              </span>{' '}
              Pattern {p.position + 1} (“{p.pattern}”): {p.traps.map((t) => t.message).join(' ')}
            </li>
          ))}
        </ul>
      ) : null}
      <PatternWarnings />
      <p className={notice?.refused ? 'pe-notice pe-notice--refused' : 'pe-notice'} role="status">
        {notice?.text ?? ''}
      </p>
      <label className="pe-check">
        <input
          type="checkbox"
          checked={flaggedOnly}
          onChange={(e) => setFlaggedOnly(e.target.checked)}
        />
        Flagged only
      </label>
      <table className="pe-table" aria-label="Tool patterns">
        <HeadRow names={['Tool', 'Calls', 'Batches', 'Pattern', 'Costly', 'Traps']} />
        <tbody>
          {shown.map((t) => (
            <tr key={t.name} className={t.traps.length > 0 ? 'pe-flagged' : undefined}>
              <th scope="row">
                <code>{t.name === '' ? '(empty name)' : t.name}</code>
              </th>
              <td className="pe-num">{t.calls}</td>
              <td className="pe-num">{t.batches}</td>
              <td>
                {t.pattern === null ? (
                  <>
                    <span className="pe-muted">none (mutating)</span>{' '}
                    <button
                      type="button"
                      className="link-button pe-make"
                      aria-label={`make read-only: ${t.name}`}
                      onClick={() => makeReadOnly(t.name)}
                    >
                      make read-only
                    </button>
                  </>
                ) : (
                  <code>{t.pattern === '' ? '""' : t.pattern}</code>
                )}
              </td>
              <td>{t.costly ? 'costly' : 'no'}</td>
              <td>
                <TrapList traps={t.traps} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {listed.length === 0 ? (
        <p className="pe-muted">
          {n === 0 ? 'This transcript has no tool calls.' : 'No tool name is flagged.'}
        </p>
      ) : null}
      {listed.length > shown.length ? (
        <p className="pe-muted">
          Showing the {shown.length} most-called of {listed.length} names.
        </p>
      ) : null}

      <h3>Observation patterns</h3>
      <table className="pe-table pe-patterns" aria-label="Observation patterns">
        <HeadRow names={['#', 'Pattern', 'Classifies', 'Matches']} />
        <tbody>
          {exploration.patterns.map((p) => (
            <tr key={p.position} className={p.classifies === 0 ? 'pe-unused' : undefined}>
              <td className="pe-num">{p.position + 1}</td>
              <th scope="row">
                <code>{p.pattern === '' ? '""' : p.pattern}</code>
              </th>
              <td className="pe-num">{p.classifies}</td>
              <td className="pe-num">{p.matches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A table's head: one column header a name. */
function HeadRow({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((n) => (
          <th key={n} scope="col">
            {n}
          </th>
        ))}
      </tr>
    </thead>
  );
}
