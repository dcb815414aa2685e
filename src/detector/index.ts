/**
 * The only public surface of the reference detector's port (docs/architecture.md §4.1): the
 * message and report shapes, the config, signatures and classification, the state machine,
 * the replay in its two halves, and the texts a user reads. JSON lives in `src/json`, the peer
 * and advisory detectors and the sweep in `src/zoo`, the report's packed forms in `src/report`.
 */
export type { ChatMessage, MessageList } from './chat';
export * from './config';
export type * from './report';
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

export {
  loopNote,
  loopError400,
  loopError400Legacy,
  stagnationNote,
  stagnationError400,
  stagnationError400Legacy,
  error400Body,
} from './messages';
export type { Error400Type } from './messages';
export type { GuardMode, GuardResponse, Trip } from './guardMode';
export {
  DEFAULT_GUARD_MODE,
  GUARD_ACTION,
  GUARD_MODES,
  guardResponse,
  isGuardMode,
} from './guardMode';
export { explainBatch, describeRefusal, runPosition, LATE_RESCUE } from './explain';

export type { CorpusVerdict, CorpusRow, CorpusTotals, CorpusDiff, VerdictPair } from './corpus';
export { corpusVerdict, corpusTotals, corpusDiffSentence, diffCorpus } from './corpus';
export {
  referenceSettings,
  referenceSettingsNotes,
  formatReferenceSettings,
  REFERENCE_STEPS_MIN,
  REFERENCE_STEPS_MAX,
} from './referenceSettings';
export type {
  ConfigFileError,
  ConfigFileForm,
  ConfigFileRead,
  ConfigOverrides,
} from './configFile';
export { readConfigFile, unknownKeysWarning, listKeys } from './configFile';
export type { ProxyFixedField } from './proxyApplies';
export {
  proxyAppliesLine,
  proxyChangedFields,
  proxyFieldNote,
  PROXY_SWEEP_NOTE,
} from './proxyApplies';
export type { SignatureQuery } from './signatureQuery';
export { matchesSignature, signatureQuery } from './signatureQuery';
