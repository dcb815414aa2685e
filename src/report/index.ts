/**
 * The report as it travels: packed into typed arrays to cross from the worker, unpacked into
 * columns and lazy batch views on the page, and printed as the JSON the CLI and the export
 * write. The report's shape itself is the detector's (`src/detector/report.ts`): it is what
 * the reference port produces.
 */
export * from './packedReport';
export * from './packedColumns';
export * from './lazyReport';
export * from './reportColumns';
export * from './indexSet';
export * from './sigHash';
export * from './zooPacked';
export * from './reportJson';
