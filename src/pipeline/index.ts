/**
 * Decode → import → prepare → evaluate: the path every caller takes from a transcript to its
 * report (the worker, the CLI, the benchmarks), for a whole file, a file of several
 * conversations, or a file that grows while it is read.
 */
export { importPrepared, reportSource } from './prepare';
export { LiveTranscript, completeCount, type LiveStep, type PendingBatch } from './live';
export { prepareConversations, summarize, type ConversationSummary } from './conversations';
