/**
 * Lossless JSON, as serde_json reads and prints it: values that keep every number's lexeme and
 * every key's order, a lenient parser with diagnostics, a part reader for one element at a time,
 * the printers, the reference's JSON rules (`serdeRules.ts`), and the shared `Result` type. Depends on nothing.
 */
export * from './value';
export * from './result';
export type { JsonDiagnostics, ParsedJson, JsonSyntaxError } from './parse';
export { emptyDiagnostics, mergeDiagnostics, parseJson, parseJsonStrict } from './parse';
export { JsonPartReader } from './partReader';
export { printJson, prettyJson, quoteJsonString } from './print';
export { formatSerdeNumber, formatSerdeFloat } from './numbers';
export { CANONICAL_DEPTH_CAP, SERDE_MAX_DEPTH, serdeParseFloat } from './serdeRules';
export { compareUtf8 } from './utf8order';
