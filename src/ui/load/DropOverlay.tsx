/** Shown while a file is dragged over the page. */
export function DropOverlay({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div className="drop-overlay" role="status" aria-live="polite">
      <div className="drop-overlay__box">Drop the transcript file to analyse it</div>
    </div>
  );
}
