// A block of transcript text, shown as text (never markup), cut long with "Show all".
import { useState } from 'react';
import { truncateText } from './model';
import { formatCount } from '../format';

interface TextBlockProps {
  text: string;
  /** Characters shown before "Show all". */
  limit?: number;
  className?: string;
}

/** Preformatted transcript text, cut for long values with a "Show all" toggle. Text only, never markup. */
export function TextBlock({ text, limit = 2000, className }: TextBlockProps) {
  const [expanded, setExpanded] = useState(false);
  const cut = truncateText(text, limit);
  const shown = expanded || !cut.truncated ? text : cut.text;
  return (
    <div className="dp-text">
      <pre className={className}>
        {shown}
        {cut.truncated && !expanded ? '…' : null}
      </pre>
      {cut.truncated ? (
        <button type="button" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show less' : `Show all (${formatCount(cut.hidden, 'more character')})`}
        </button>
      ) : null}
    </div>
  );
}
