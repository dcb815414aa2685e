// Renderer memory and CPU from /proc (Linux): resident and peak resident size of Chromium's
// renderers, CPU time of their threads and of the whole machine.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

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

/** Clock ticks in /proc's CPU times: 100 a second on Linux. */
const TICK_MS = 10;

/**
 * CPU time of every thread of `pids` so far, in ms (user + system), keyed `pid/tid`, with
 * whether it is the process's main thread and its name.
 */
export function threadCpu(pids) {
  const out = new Map();
  for (const pid of pids) {
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // the process ended
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // The name may hold spaces and parentheses: the fields start after its last ')'.
        const end = stat.lastIndexOf(')');
        const f = stat.slice(end + 2).split(' ');
        const name = stat.slice(stat.indexOf('(') + 1, end);
        const ms = (Number(f[11]) + Number(f[12])) * TICK_MS;
        out.set(`${pid}/${tid}`, { main: String(pid) === tid, name, ms });
      } catch {
        // the thread ended
      }
    }
  }
  return out;
}

/** The machine's CPU time so far, busy and in all, in ms over all cores (/proc/stat). */
export function machineCpu() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const t = f.map(Number);
  const all = t.reduce((a, b) => a + b, 0);
  // idle and iowait
  const idle = (t[3] ?? 0) + (t[4] ?? 0);
  return { busy: (all - idle) * TICK_MS, all: all * TICK_MS };
}

/**
 * CPU spent between two `threadCpu` snapshots: by the renderers' main threads, and by the
 * other threads whose name starts with `prefix` (the workers).
 */
export function cpuBetween(before, after, prefix = 'DedicatedWorker') {
  let main = 0;
  let workers = 0;
  for (const [key, t] of after) {
    const ms = t.ms - (before.get(key)?.ms ?? 0);
    if (t.main) main += ms;
    else if (t.name.startsWith(prefix)) workers += ms;
  }
  return { main, workers };
}
