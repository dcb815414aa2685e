// A labelled button that copies a text and says so.
import { useEffect, useState } from 'react';
import { copyText } from './copy';

interface CopyButtonProps {
  /** The button's name, e.g. "Copy signature". */
  label: string;
  text: string;
  onCopied?: (label: string, text: string) => void;
}

type Status = 'idle' | 'copied' | 'failed';

/** A copy button whose confirmation ("Copied" / "Copy failed") is a live status beside it. */
export function CopyButton({ label, text, onCopied }: CopyButtonProps) {
  const [status, setStatus] = useState<Status>('idle');
  useEffect(() => {
    if (status === 'idle') return;
    const t = setTimeout(() => setStatus('idle'), 2500);
    return () => clearTimeout(t);
  }, [status]);
  const copy = async () => {
    const ok = await copyText(text);
    setStatus(ok ? 'copied' : 'failed');
    if (ok) onCopied?.(label, text);
  };
  return (
    <span className="dp-copy">
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className={`dp-copy-status dp-copy-${status}`}>
        {status === 'copied'
          ? 'Copied'
          : status === 'failed'
            ? 'Copy failed: the browser refused clipboard access'
            : ''}
      </span>
    </span>
  );
}
