// Renderer memory from /proc (Linux): resident and peak resident size of Chromium's renderers.
import { readFileSync, writeFileSync } from 'node:fs';

/** Renderer processes under the browser process `browserPid`. */
export function renderers(browserPid) {
  const out = [];
  const walk = (pid) => {
    let children;
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      return;
    }
    for (const c of children.filter(Boolean)) {
      try {
        const cmd = readFileSync(`/proc/${c}/cmdline`, 'utf8');
        if (cmd.includes('--type=renderer')) out.push(Number(c));
      } catch {
        // gone
      }
      walk(c);
    }
  };
  walk(browserPid);
  return out;
}

/** Resident and peak resident size of `pid`, in kB. */
export function memOf(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number((s.match(new RegExp(`${k}:\\s+(\\d+)`)) ?? [0, 0])[1]);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Resets the peak resident size of `pid` (clear_refs 5); false when not allowed. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
