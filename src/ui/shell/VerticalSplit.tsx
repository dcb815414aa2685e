// A split of two panes one above the other, its place remembered in this browser.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { readLocal, writeLocal } from './localStore';
import { clampSplit, keyedSplit, parseSplit } from './splitSize';

export interface VerticalSplitProps {
  /** Where the split is remembered in this browser (local storage). */
  storageKey: string;
  /** The splitter's accessible name. */
  label: string;
  /** The top pane's height in pixels until the user moves the split. */
  defaultTop: number;
  minTop: number;
  minBottom: number;
  className: string;
  topClassName: string;
  bottomClassName: string;
  splitterClassName: string;
  top: ReactNode;
  bottom: ReactNode;
}

/**
 * Two panes, one above the other, and a splitter between them: dragged, or moved with the
 * arrow keys (Shift for bigger steps), Home and End. The top pane's share of the height is
 * remembered once the user moves it, and it follows the window's height.
 */
export function VerticalSplit(props: VerticalSplitProps) {
  const { storageKey, minTop, minBottom, defaultTop } = props;
  const groupRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const [share, setShare] = useState(() => parseSplit(readLocal(storageKey)));
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ y: number; top: number } | null>(null);

  useEffect(() => {
    const el = groupRef.current;
    if (el === null) return;
    const read = () => setHeight(el.clientHeight);
    read();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  const wanted = share === null || height === 0 ? defaultTop : share * height;
  const top = height === 0 ? wanted : clampSplit(wanted, height, minTop, minBottom);
  const percent = (px: number) => (height === 0 ? 0 : Math.round((px / height) * 100));
  const moveTo = (px: number, save: boolean) => {
    if (height === 0) return;
    const next = clampSplit(px, height, minTop, minBottom) / height;
    setShare(next);
    if (save) writeLocal(storageKey, String(next));
  };

  return (
    <div className={props.className} ref={groupRef}>
      <div className={props.topClassName} style={{ height: top }}>
        {props.top}
      </div>
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label={props.label}
        aria-valuenow={percent(top)}
        aria-valuemin={percent(minTop)}
        aria-valuemax={percent(Math.max(minTop, height - minBottom))}
        tabIndex={0}
        className={props.splitterClassName}
        data-separator={dragging ? 'active' : 'inactive'}
        onKeyDown={(e) => {
          const to = keyedSplit(e.key, e.shiftKey, top, height, minTop, minBottom);
          if (to === null) return;
          e.preventDefault();
          moveTo(to, true);
        }}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { y: e.clientY, top };
          setDragging(true);
        }}
        onPointerMove={(e) => {
          const from = drag.current;
          if (from !== null) moveTo(from.top + e.clientY - from.y, false);
        }}
        onPointerUp={(e) => {
          const from = drag.current;
          if (from === null) return;
          drag.current = null;
          setDragging(false);
          moveTo(from.top + e.clientY - from.y, true);
        }}
        onPointerCancel={() => {
          drag.current = null;
          setDragging(false);
        }}
      />
      <div className={props.bottomClassName}>{props.bottom}</div>
    </div>
  );
}
