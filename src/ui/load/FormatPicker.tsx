// The format menu: detect, or force one format.
import { useEffect, useId, useState } from 'react';
import { actions, useAnalysis, useFormatChoice } from '../../state/appStore';
import { FORMAT_NAMES, isFormatId, type AnalysisError, type FormatId } from '../../worker/protocol';
import type { AnalysisResult } from '../../worker/clientSupport';
import './load.css';

/** The select's value as a choice; anything unexpected means "detect". */
function parseChoice(value: string): FormatId | 'auto' {
  return isFormatId(value) ? value : 'auto';
}

/**
 * What detection found, but only when the shown result is the current transcript's: while a
 * load runs, or after it failed, the result on screen is the previous transcript's and its
 * format would be a lie.
 */
function foundFormat(
  choice: FormatId | 'auto',
  loading: boolean,
  result: AnalysisResult | null,
  error: AnalysisError | null,
): string | null {
  if (choice !== 'auto' || loading) return null;
  if (error?.kind === 'import' && error.error.kind === 'unknown-format') return 'not recognised';
  if (error === null && result !== null) return `found: ${result.formatLabel}`;
  return null;
}

/**
 * Each format's one-line description, a hover's help on its option: loaded after the first
 * screen, which does not need it.
 */
function useDescriptions(): Partial<Record<FormatId, string>> {
  const [descriptions, setDescriptions] = useState<Partial<Record<FormatId, string>>>({});
  useEffect(() => {
    let live = true;
    void import('../../import/formatList').then(({ FORMATS }) => {
      if (live) setDescriptions(Object.fromEntries(FORMATS.map((f) => [f.id, f.description])));
    });
    return () => void (live = false);
  }, []);
  return descriptions;
}

/** Detect the transcript's format, or force one and import the same transcript again. */
export function FormatPicker() {
  const choice = useFormatChoice();
  const descriptions = useDescriptions();
  const { loading, result, analysisError } = useAnalysis();
  const id = useId();
  const found = foundFormat(choice, loading, result, analysisError);
  // A format's name is longer than the sidebar's select: it goes on a line of its own.
  const auto = found === null ? 'Auto-detect' : `Auto-detect (${found})`;
  const forced = choice !== 'auto' ? FORMAT_NAMES.find((f) => f.id === choice) : undefined;
  // A forced format that finds nothing is almost always the wrong one, and an empty table
  // alone does not say so.
  const emptyForced =
    forced !== undefined &&
    !loading &&
    analysisError === null &&
    result !== null &&
    result.report.batches.length === 0;
  return (
    <>
      <div className="format-picker">
        <label htmlFor={id} className="format-picker__label">
          Format
        </label>
        <select
          id={id}
          className="format-picker__select"
          // The sidebar is narrow: the chosen option's full text is a hover away.
          title={forced !== undefined ? `${forced.label} (${forced.id})` : auto}
          aria-describedby={found === null ? undefined : `${id}-found`}
          value={choice}
          onChange={(e) => actions.chooseFormat(parseChoice(e.target.value))}
        >
          <option value="auto">Auto-detect</option>
          {FORMAT_NAMES.map((f) => (
            <option key={f.id} value={f.id} title={descriptions[f.id]}>
              {f.label} ({f.id})
            </option>
          ))}
        </select>
        {found === null ? null : (
          <span id={`${id}-found`} className="format-picker__found">
            Auto-detect {found}
          </span>
        )}
      </div>
      {emptyForced && (
        <p className="note" role="status">
          Read as {forced.label}, this transcript has no tool calls; Auto-detect may fit better.
        </p>
      )}
    </>
  );
}
