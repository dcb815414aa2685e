// The paste box: every edit goes to the worker, and the conversation pickers open beside it.
import { lazy, Suspense, useId } from 'react';
import { actions, useTranscript } from '../../state/appStore';
import { FormatPicker } from './FormatPicker';

// Only a file of several conversations, or a Cline history, needs them: off the first script.
const ClineResultsPicker = lazy(() =>
  import('./ConversationPicker').then((m) => ({ default: m.ClineResultsPicker })),
);
const ConversationPicker = lazy(() =>
  import('./ConversationPicker').then((m) => ({ default: m.ConversationPicker })),
);

/**
 * The paste box. Every edit goes straight to the worker client, whose latest-wins queue
 * is the debounce: while one analysis runs, newer text replaces older text in its single
 * pending slot, so fast typing costs at most one analysis in flight plus one waiting.
 */
export function TranscriptInput() {
  const { text, note, sourceName } = useTranscript();
  const id = useId();
  return (
    <section className="transcript-input" aria-labelledby={`${id}-label`}>
      <div className="section-head">
        <label id={`${id}-label`} htmlFor={id} className="section-title">
          Transcript
        </label>
        {sourceName !== null && (
          <span className="muted truncate" title={sourceName}>
            {sourceName}
          </span>
        )}
      </div>
      <FormatPicker />
      <Suspense fallback={null}>
        <ClineResultsPicker />
        <ConversationPicker />
      </Suspense>
      {note !== null && <p className="note">{note}</p>}
      <textarea
        id={id}
        className="transcript-input__text"
        value={text}
        spellCheck={false}
        autoComplete="off"
        wrap="off"
        placeholder="Paste a transcript (OpenAI, Anthropic, Gemini, Claude Code, Codex, …), open a file or drop one anywhere."
        onChange={(e) => actions.setTranscriptText(e.target.value)}
      />
    </section>
  );
}
