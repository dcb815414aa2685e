/**
 * The only public surface of the detector core (docs/architecture.md §4.1). Everything the
 * worker, the CLI, the importer and the UI need from `src/detector` is exported here.
 */
export * from './json/value';
export type { ChatMessage, MessageList } from './chat';
export * from './config';
export type * from './report';
export { reportJsonPieces } from './reportJson';
export * from './result';

export type { JsonDiagnostics, ParsedJson, JsonSyntaxError } from './json/parse';
export { emptyDiagnostics, mergeDiagnostics, parseJson, parseJsonStrict } from './json/parse';
export { JsonPartReader } from './json/partReader';
export { printJson, prettyJson, quoteJsonString } from './json/print';
export { formatSerdeNumber, formatSerdeFloat } from './json/numbers';
export { compareUtf8 } from './json/utf8order';
export { canonicalArgs } from './canonical';
export { fnv1a64Hex } from './fnv1a';

export type { ToolCall } from './toolCalls';
export { domainCalls } from './toolCalls';
export { callSignature, batchSignature } from './signature';
export {
  isObservationBatch,
  isCostlyBatch,
  observationPatternFor,
  isCostlyName,
  COSTLY_TOOL_PATTERNS,
} from './classify';
export type { AnswersKey, CheckStep, CheckResult, LoopDetected } from './loopDetector';
export { LoopDetector, BatchRecord } from './loopDetector';
export type { StagnationDetected } from './stagnation';
export { StagnationDetector } from './stagnation';
export { extractText } from './text';

export type { PreparedReplay } from './replayPrepare';
export { prepareReplay, replayPreparer } from './replayPrepare';
export type { ReplayPreparer } from './replayPrepare';
export { evaluateReplay, replay, ReplayWalk } from './replay';
export { referenceScan, scanDiagnostics, scanMessage } from './referenceScan';
export type { ReferenceScan } from './referenceScan';

export type { CallDetails, AnswerDetails, BatchDetails } from './details';
export { describeBatch } from './details';
export type { CostFigures, EpisodeCost, LoopCost } from './loopCost';
export {
  costPhrase,
  episodeCosts,
  loopCostLine,
  TOKEN_ESTIMATE,
  TOKEN_ESTIMATE_TEXT,
  totalCost,
} from './loopCost';

export { loopNote, loopError400, stagnationNote, stagnationError400 } from './messages';
export { explainBatch, describeRefusal } from './explain';

export type { Sweep, SweepCell, SweepInput } from './sweep';
export {
  sweepThresholds,
  prepareSweep,
  sweepCell,
  sweepCellFor,
  SWEEP_STRIKES,
  SWEEP_OBSERVATION,
} from './sweep';

export type { CorpusVerdict, CorpusRow, CorpusTotals, CorpusDiff, VerdictPair } from './corpus';
export { corpusVerdict, corpusTotals, corpusDiffSentence, diffCorpus } from './corpus';
export {
  referenceSettings,
  referenceSettingsNotes,
  formatReferenceSettings,
  REFERENCE_STEPS_MIN,
  REFERENCE_STEPS_MAX,
} from './referenceSettings';
