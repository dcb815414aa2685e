// The hover tooltip is filled imperatively (it changes on every pointer move and must not
// re-render React) and only ever through textContent: tool names are untrusted transcript text.
import type { TooltipContent } from './describe';

const OFFSET = 14;

export function showTooltip(
  tip: HTMLElement,
  stage: HTMLElement,
  content: TooltipContent,
  x: number,
  y: number,
): void {
  const doc = tip.ownerDocument;
  const title = doc.createElement('div');
  title.className = 'ls-tl-tooltip-title';
  title.textContent = content.title;
  const list = doc.createElement('dl');
  for (const [k, v] of content.rows) {
    const dt = doc.createElement('dt');
    dt.textContent = k;
    const dd = doc.createElement('dd');
    dd.textContent = v;
    list.append(dt, dd);
  }
  tip.replaceChildren(title, list);
  tip.hidden = false;
  // Flip to the other side of the pointer rather than overflow the stage.
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const maxX = stage.clientWidth - w - 4;
  const left = x + OFFSET + w > stage.clientWidth ? Math.max(4, x - OFFSET - w) : x + OFFSET;
  const top = y + OFFSET + h > stage.clientHeight ? Math.max(4, y - OFFSET - h) : y + OFFSET;
  tip.style.left = `${Math.min(left, Math.max(4, maxX))}px`;
  tip.style.top = `${top}px`;
}

export function hideTooltip(tip: HTMLElement | null): void {
  if (tip && !tip.hidden) tip.hidden = true;
}
