import type { AnalysisError } from '../../worker/protocol';
import { describeAnalysisError } from '../../worker/protocol';

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
    return (
      <div className="import-error">
        <p className="import-error__message">
          <strong>Unknown transcript format.</strong> {e.message}
        </p>
        {e.seen !== '' && <p className="import-error__seen">Seen: {e.seen}</p>}
        <p className="import-error__formats">
          Supported formats: {e.supported.map((f) => f.label).join(', ')}.
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
