// The import's warnings and notes under the loaded file: secrets first, then the rest folded.
import type { ReactNode } from 'react';
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
        <FoldedList
          className="notice notice--warn warnings"
          label="Import warnings"
          items={rest}
          summary={
            <>
              <span className="warnings__count">
                {rest.length} import {rest.length === 1 ? 'warning' : 'warnings'}
              </span>
              <span className="warnings__first">{rest[0]}</span>
            </>
          }
        />
      )}
      {notes.length > 0 && (
        <FoldedList
          className="notice import-notes"
          label="Import notes"
          items={notes}
          summary={`${notes.length} import ${notes.length === 1 ? 'note' : 'notes'}: nothing the detector sees was changed`}
        />
      )}
    </>
  );
}

/** A folded list: its summary line, and one item a message when opened. */
function FoldedList({
  className,
  label,
  summary,
  items,
}: {
  className: string;
  label: string;
  summary: ReactNode;
  items: readonly string[];
}) {
  return (
    <details className={className}>
      <summary>{summary}</summary>
      <ul aria-label={label}>
        {items.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </details>
  );
}
