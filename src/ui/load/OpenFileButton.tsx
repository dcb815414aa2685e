import { useId, useRef } from 'react';
import { actions } from '../../state/appStore';

/** "Open file…": a real, labelled file input styled as a button. */
export function OpenFileButton() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="file-button">
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden-input"
        aria-label="Open file…"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file !== undefined) actions.loadFile(file);
          // Reset so opening the same file again still fires a change.
          e.target.value = '';
        }}
      />
      <label htmlFor={id} className="button" aria-hidden="true">
        Open file…
      </label>
    </span>
  );
}

/**
 * "Open folder…": every transcript under a folder (a Claude Code project folder, a Codex
 * sessions/ tree) goes to the corpus view, read locally like any file.
 */
export function OpenFolderButton() {
  const id = useId();
  return (
    <span className="file-button">
      <input
        id={id}
        type="file"
        multiple
        className="visually-hidden-input"
        aria-label="Open folder…"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) actions.openInCorpus(files);
        }}
      />
      <label htmlFor={id} className="button" aria-hidden="true">
        Open folder…
      </label>
    </span>
  );
}
