// The open-file and open-folder buttons: real, labelled file inputs styled as buttons.
import { useId } from 'react';
import { actions } from '../../state/appStore';

/**
 * A real, labelled file input styled as a button. `folder` picks a whole directory (its files
 * carry their path in `webkitRelativePath`).
 */
export function FileButton({
  label,
  multiple = false,
  folder = false,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  folder?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const dirProps = folder ? { webkitdirectory: '', directory: '' } : {};
  return (
    <span className="file-button">
      <input
        id={id}
        type="file"
        multiple={multiple || folder}
        className="visually-hidden-input"
        aria-label={label}
        {...dirProps}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Reset so choosing the same file again still fires a change.
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={id} className="button" aria-hidden="true">
        {label}
      </label>
    </span>
  );
}

/** "Open file…": the file becomes the transcript on the timeline. */
export function OpenFileButton() {
  return <FileButton label="Open file…" onFiles={(files) => actions.loadFile(files[0] as File)} />;
}

/**
 * "Open folder…": every transcript under a folder (a Claude Code project folder, a Codex
 * sessions/ tree) goes to the corpus view, read locally like any file.
 */
export function OpenFolderButton() {
  return <FileButton label="Open folder…" folder onFiles={actions.openInCorpus} />;
}
