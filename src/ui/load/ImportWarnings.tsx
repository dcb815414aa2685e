import './load.css';

/**
 * Warnings about secrets in the file (a HAR capture's API keys and cookies) concern what the
 * user does with the file next, not the analysis, so they stand apart from the rest.
 */
const SECRET = /\b(api keys?|cookies|secrets|credentials)\b/i;

/**
 * What the import had to invent or drop, one sentence each, as plain text: the warnings
 * (what changes the verdict or hides calls) counted, and the notes (handling that changes
 * nothing the detector sees) apart, folded and grey, in no count.
 */
export function ImportWarnings({
  warnings,
  notes = [],
}: {
  warnings: readonly string[];
  notes?: readonly string[];
}) {
  const secret = warnings.filter((w) => SECRET.test(w));
  const rest = warnings.filter((w) => !SECRET.test(w));
  return (
    <>
      {secret.length > 0 && (
        <section className="notice notice--danger" aria-label="Sensitive data warning">
          <p className="notice--danger__title">
            <strong>
              <span aria-hidden="true">⚠ </span>This file holds secrets
            </strong>
          </p>
          {secret.map((w, i) => (
            <p key={i}>{w}</p>
          ))}
        </section>
      )}
      {rest.length > 0 && (
        // Folded to one line, the count and the first warning; opened on demand.
        <details className="notice notice--warn warnings">
          <summary>
            <span className="warnings__count">
              {rest.length} import {rest.length === 1 ? 'warning' : 'warnings'}
            </span>
            <span className="warnings__first">{rest[0]}</span>
          </summary>
          <ul aria-label="Import warnings">
            {rest.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      {notes.length > 0 && (
        <details className="notice import-notes">
          <summary>
            {notes.length} import {notes.length === 1 ? 'note' : 'notes'}: nothing the detector sees
            was changed
          </summary>
          <ul aria-label="Import notes">
            {notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
