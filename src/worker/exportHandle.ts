/**
 * The export file: the report as JSON (report/reportJson.ts) behind a blob: URL the page
 * clicks, built a slice of batches at a time so config changes and details are answered
 * while a large one is built.
 */
import { evaluateReplay, sameConfig } from '../detector/index';
import { reportJsonPieces } from '../report/index';
import { macrotask } from './macrotask';
import type { Loaded } from './loaded';
import type { ExportRequest, WorkerResponse } from './protocol';

/**
 * How long an export's blob: URL lives unless the next export replaces it (the page clicks it
 * at once; the download holds the data from then on).
 */
const EXPORT_URL_MS = 60_000;

/** Batches per slice of an export's JSON: slices short enough for a config change to wait little. */
const EXPORT_SLICE = 1000;

type Exporter = (req: ExportRequest, c: Loaded) => Promise<WorkerResponse>;

/** An exporter that keeps one blob: URL alive at a time. */
export function createExporter(): Exporter {
  /** The latest export's blob: URL, until it is revoked. */
  let exported: { url: string; timer: ReturnType<typeof setTimeout> } | null = null;
  const release = (): void => {
    if (exported === null) return;
    clearTimeout(exported.timer);
    URL.revokeObjectURL(exported.url);
    exported = null;
  };

  return async (req, c) => {
    const report = sameConfig(req.config, c.config)
      ? c.report
      : evaluateReplay(c.prepared, req.config, c.source, { importMs: c.importMs });
    const pieces: string[] = [];
    for (const piece of reportJsonPieces(report, EXPORT_SLICE)) {
      pieces.push(piece);
      await macrotask();
    }
    release();
    const url = URL.createObjectURL(new Blob(pieces, { type: 'application/json' }));
    exported = { url, timer: setTimeout(release, EXPORT_URL_MS) };
    // Node (tests) would otherwise wait the minute out before exiting.
    (exported.timer as { unref?: () => void }).unref?.();
    return { type: 'exported', requestId: req.requestId, dataVersion: req.dataVersion, url };
  };
}
