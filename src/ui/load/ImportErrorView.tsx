// An import error shown with its line and a caret under the column.
import type { AnalysisError } from '../../worker/protocol';
import { describeAnalysisError } from '../../worker/protocol';
import './load.css';

/** Cuts a long line around the column so the caret stays on screen; returns the shift. */
function fitLine(lineText: string, column: number): { text: string; caret: number } {
  const width = 100;
  if (lineText.length <= width) return { text: lineText, caret: column - 1 };
  const start = Math.max(0, Math.min(column - 1 - width / 2, lineText.length - width));
  const text =
    (start > 0 ? '…' : '') +
    lineText.slice(start, start + width) +
    (start + width < lineText.length ? '…' : '');
  return { text, caret: column - 1 - start + (start > 0 ? 1 : 0) };
}

/** What went wrong with the input, and where: text only, never markup from the input. */
export function ImportErrorView({ error }: { error: AnalysisError }) {
  if (error.kind === 'import' && error.error.kind === 'syntax') {
    const e = error.error;
    const { text, caret } = fitLine(e.lineText.replace(/\t/g, ' '), e.column);
    return (
      <div className="import-error">
        <p className="import-error__message">
          <strong>{e.message}</strong>
        </p>
        <pre className="import-error__excerpt" aria-label="Offending line">
          {`${text}\n${' '.repeat(Math.max(0, caret))}^`}
        </pre>
      </div>
    );
  }
  if (error.kind === 'import' && error.error.kind === 'unknown-format') {
    const e = error.error;
    // The message ends with what was seen and the supported list; both are shown below.
    const message = e.message
      .replace(/\s*Supported: [\s\S]*$/, '')
      .replace(`: it is ${e.seen}.`, '.');
    return (
      <div className="import-error">
        <p className="import-error__message">
          <strong>Unknown transcript format.</strong> {message}
        </p>
        {e.seen !== '' && (
          <p className="import-error__seen">
            <strong>Seen:</strong> {e.seen}
          </p>
        )}
        <p className="import-error__formats">
          <strong>Supported formats:</strong>
        </p>
        <ul className="import-error__list" aria-label="Supported formats">
          {e.supported.map((f) => (
            <li key={f.id} title={f.description}>
              {f.label} ({f.id})
            </li>
          ))}
        </ul>
        <p className="import-error__hint">
          If it is one of these, choose it in the Format menu to read the transcript as that format.
        </p>
      </div>
    );
  }
  return (
    <div className="import-error">
      <p className="import-error__message">{describeAnalysisError(error)}</p>
    </div>
  );
}
