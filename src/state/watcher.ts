/**
 * Follows a file the user chose to watch (the File System Access API's handle): looks at it
 * every `everyMs`, and hands on only the bytes it gained. A file that shrank, or whose first
 * bytes changed, was rewritten: it starts over. No DOM here: the handle and the clock are
 * given, so the logic is tested in Node.
 */

/** What the watcher needs of a `FileSystemFileHandle`. */
export interface WatchHandle {
  getFile(): Promise<File>;
}

export interface WatchEvents {
  /** The file as it is at first, or again after it was rewritten (`why` then says how). */
  start(file: File, why: string | null): void;
  /** The file grew: `bytes` are its new end. False: not taken now (offered again, grown). */
  grow(bytes: Blob, file: File): boolean;
  /** It could not be read (permission withdrawn, file removed). */
  fail(message: string): void;
  /**
   * It has not changed for `WATCH_REST_MS` since it was started or last grew. False: not
   * taken now (offered again at the next look).
   */
  rest?(): boolean;
}

/**
 * How often the file is looked at. A look is a stat and, when the file changed, a read of its
 * first kilobyte and its new end; an agent writes a batch every few hundred milliseconds at
 * most, and a batch should be on screen well within a tenth of a second of being written.
 */
export const WATCH_POLL_MS = 50;

/**
 * How long a file must stay unchanged to be at rest. An agent waiting on a model or a tool
 * leaves its session alone for seconds; at rest the worker takes the census of the whole
 * session, which at 100 MB costs about half a second, too much for every batch.
 */
export const WATCH_REST_MS = 1000;

/** Bytes compared to tell a rewritten file from a grown one. */
const HEAD_BYTES = 1024;

async function headOf(file: Blob): Promise<string> {
  return file.slice(0, HEAD_BYTES).text();
}

export class FileWatcher {
  private size = 0;
  private modified = 0;
  private head = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Looks since the file last changed; -1 once its rest was taken. */
  private quietLooks = 0;

  constructor(
    private readonly handle: WatchHandle,
    private readonly events: WatchEvents,
    private readonly everyMs = WATCH_POLL_MS,
  ) {}

  async start(): Promise<void> {
    await this.look(true);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One look at the file (the timer's; tests call it directly). */
  async look(first = false): Promise<void> {
    if (this.stopped) return;
    try {
      const file = await this.handle.getFile();
      if (first) await this.restart(file, null);
      else if (file.size !== this.size || file.lastModified !== this.modified) {
        const head = await headOf(file);
        const n = Math.min(head.length, this.head.length);
        if (file.size < this.size) await this.restart(file, 'the file shrank');
        else if (head.slice(0, n) !== this.head.slice(0, n)) {
          await this.restart(file, 'its first bytes changed');
        } else if (this.events.grow(file.slice(this.size), file)) {
          this.size = file.size;
          this.modified = file.lastModified;
          this.head = head;
          this.quietLooks = 0;
        }
      } else if (this.quietLooks >= 0 && ++this.quietLooks * this.everyMs >= WATCH_REST_MS) {
        if (this.events.rest?.() ?? true) this.quietLooks = -1;
      }
    } catch (e) {
      this.stop();
      this.events.fail(e instanceof Error ? e.message : String(e));
      return;
    }
    if (this.stopped) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.look(), this.everyMs);
  }

  private async restart(file: File, why: string | null): Promise<void> {
    this.size = file.size;
    this.modified = file.lastModified;
    this.head = await headOf(file);
    this.quietLooks = 0;
    this.events.start(file, why);
  }
}
