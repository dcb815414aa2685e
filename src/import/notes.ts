/**
 * Notes apart from warnings. An importer says one sentence for each thing it did to read a
 * file; some change nothing the detector sees (the pieces of one reply put back together, a
 * history read once rather than at every request), others change the verdict or hide calls
 * (calls not read, answers unknown, runs broken by user turns, lines or bytes skipped). The
 * first are *notes*, shown folded and grey; the second stay *warnings*, counted and shown.
 *
 * The table below names every note, by the start of its sentence and the importer that writes
 * it. Whatever it does not name is a warning: a new sentence, or one reworded, errs on the
 * side of being seen. docs/report.md §3.1 lists both kinds.
 */

interface NoteKind {
  /** Matches the sentence from its start. */
  readonly pattern: RegExp;
  /** Who writes it, and why it changes nothing the detector sees. */
  readonly why: string;
}

const NOTES: readonly NoteKind[] = [
  {
    // formats/swe-agent.ts: a mini-swe-agent trajectory's commands, found as mini-swe-agent
    // found them (the one block of a reply, or the actions it kept), and replies it ran nothing of.
    pattern:
      /^(?:Read as a mini-swe-agent trajectory: \d+ commands? |\d+ repl(?:y|ies) held no single action \(mini-swe-agent ran nothing)/,
    why: 'the commands mini-swe-agent ran, each answered by what it reported',
  },
  {
    // amazonQSave.ts: a saved conversation read whole from its history.
    pattern:
      /^Read .* as an Amazon Q Developer CLI conversation saved with `\/save`: \d+ tool calls? in \d+ exchanges? of its history\.$/,
    why: 'the history the CLI sends the model, as chat messages',
  },
  {
    // agui.ts: an AG-UI stream read from its snapshot of the whole history (the user's turns
    // too); a stream read from its events alone keeps its warning (no user turns).
    pattern: /^Read .* as an AG-UI event stream, from its last `MESSAGES_SNAPSHOT`/,
    why: 'the same messages the events streamed, with the turns the stream leaves out',
  },
  {
    // httprr.ts: Go's HTTP recording, rewritten as the HAR capture it holds.
    pattern: /^Read an httprr recording of \d+ HTTP exchanges? as the HAR capture/,
    why: 'the same requests and responses, in the form the HAR importer reads',
  },
  {
    // nock.ts: a nock recording, rewritten as the HAR capture it holds.
    pattern: /^Read a nock recording of \d+ HTTP exchanges? as the HAR capture/,
    why: 'the same requests and responses, in the form the HAR importer reads',
  },
  {
    // requestLog.ts: a test suite's log of its requests, rewritten as the HAR capture it holds.
    pattern: /^Read a log of \d+ HTTP requests? as the HAR capture/,
    why: 'the same requests and responses, in the form the HAR importer reads',
  },
  {
    // wiremock.ts: WireMock stub mappings, rewritten as the HAR capture they hold.
    pattern: /^Read \d+ (?:WireMock stub mappings?|recorded HTTP exchanges?) as the HAR capture/,
    why: 'the same requests and responses, in the form the HAR importer reads',
  },
  {
    // formats/openai-chat.ts: AutoGen's stored tool messages, unrolled as it sends them.
    pattern: /^Read AutoGen's `tool_responses` as the \d+ tool messages? it sends the model/,
    why: 'the messages AutoGen sends the model in their place',
  },
  {
    // mlflowTrace.ts: a trace read from the chats its model calls kept.
    pattern: /^Read an MLflow trace as the \d+ chats? its model calls kept/,
    why: 'the histories the model was sent, which the spans around them copy',
  },
  {
    // copilotStudio.ts: transcripts read as their chats, each orchestrated step a call; a step
    // left unfinished makes the sentence go on, and a warning.
    pattern:
      /^Read .* as \d+ Copilot Studio conversation transcripts?: \d+ tool calls?, each a step its generative orchestration ran [^]*no tool calls\.(?: \d+ transcripts? in which the user said nothing and nothing ran (?:is|are) left out\.)?$/,
    why: 'the sessions and the steps their orchestration ran',
  },
  {
    // labelledJson.ts: a document printed after a label, read without the label.
    pattern: /^Read .* as the JSON document printed after the label “/,
    why: 'the document the label only introduces',
  },
  {
    // printedLog.ts: a text that is one printed object laid out over lines, read as that object.
    pattern:
      /^Read .* as one printed Python object \(its constructor call laid out over lines\), as JSON\.$/,
    why: 'the same values the object printed, as JSON',
  },
  {
    // llamaIndexContext.ts: a saved Context read from its memory, which holds every call its
    // broker log dispatched (else the sentence goes on, and is a warning).
    pattern:
      /^Read a LlamaIndex workflow's saved Context as the \d+ chats? its memory keeps, not its event logs' copies of the same calls\.$/,
    why: "the chat the agent kept, which the workflow's events copy",
  },
  {
    // decode.ts: a gzip file, read as the bytes it unpacks to.
    pattern: /^Read .* unpacked from gzip: /,
    why: 'the same bytes the file was before it was compressed',
  },
  {
    // sqlite.ts: a session store's tables, rewritten as the JSON of their rows.
    pattern: /^Read a SQLite database as JSON: the rows of its tables/,
    why: 'the rows the database holds, each as the object of its columns',
  },
  {
    // mitmDump.ts: mitmproxy's saved flows, rewritten as the HAR capture they hold.
    pattern: /^Read a mitmproxy dump of \d+ HTTP exchanges? as the HAR capture/,
    why: 'the same requests and responses, in the form the HAR importer reads',
  },
  {
    // yamlInput.ts: a recorded HTTP cassette, rewritten as the HAR capture it holds.
    pattern: /^Read a recorded HTTP cassette \(YAML\) of \d+ exchanges? as the HAR capture/,
    why: 'the same requests and responses, in the form the HAR importer reads',
  },
  {
    // yamlInput.ts: other YAML, spelled as JSON (several documents as JSON Lines).
    pattern: /^Read (?:a YAML document as the JSON value|\d+ YAML documents as JSON Lines)/,
    why: 'the same values, in the notation the importers read',
  },
  {
    // text.ts: `//` comment lines between the records of JSON Lines.
    pattern: /^Skipped \d+ comment lines? \(`\/\/`\) between the records/,
    why: 'comments hold no record',
  },
  {
    // jsonLog.ts: every line of a log a prefix and a JSON object, read as those objects.
    pattern: /^Read a log as the JSON objects after its \d+ lines’ prefixes/,
    why: 'every line read, without the prefix the log put before its JSON',
  },
  {
    // text.ts: JSON values written one after another, each over many lines.
    pattern: /^Read as \d+ JSON values written one after another/,
    why: 'each value read whole, as a line of JSON Lines would be',
  },
  {
    // formats/claude-code.ts: one reply written as one line per content block.
    pattern: /^Merged \d+ assistant lines? into the reply/,
    why: 'the blocks of one reply, put back together as the API sent it',
  },
  {
    // formats/copilot-cli.ts: chunks sharing one apiCallId.
    pattern: /^Merged \d+ assistant messages? into the model call/,
    why: 'the chunks of one model call, put back together',
  },
  {
    // formats/gemini.ts: a streamGenerateContent capture.
    pattern: /^Merged \d+ streamed response chunks? into one model turn/,
    why: 'the chunks of one streamed turn',
  },
  {
    // streams/chat.ts: a chunk id that drifts inside one reply.
    pattern: /^\d+ chunks? changed id in the middle of a reply/,
    why: 'read as the one reply it is',
  },
  {
    // dialects/anthropic.ts, dialects/responses.ts, dialects/gemini.ts: tools the API ran itself.
    pattern: /^Skipped \d+ server-side tool (?:calls?|items?) /,
    why: 'not calls of the client loop the guard watches',
  },
  {
    // formats/har.ts, langsmith.ts, otel.ts, langfuse.ts: each request repeats the history.
    pattern: /^Rebuilt from the longest of \d+ .*each (?:span )?repeats the history/,
    why: 'every request holds the one before it; the longest holds them all',
  },
  {
    // snapshots.ts: a JSONL of growing requests of one conversation.
    pattern: /^The file holds \d+ requests of one conversation; it was rebuilt from the longest/,
    why: 'every request holds the one before it',
  },
  {
    // awsEventStream.ts: a file that is a Bedrock stream, read as the events it carries.
    pattern: /^Read the input as an AWS event stream\.$/,
    why: 'the events are what the stream sent',
  },
  {
    // piEvents.ts: pi's agent events, read as the messages they finish (nothing else added).
    pattern: /as pi's agent events: the \d+ messages? its runs finish; [^.]*\.$/,
    why: 'the other events repeat those messages',
  },
  {
    // autogenConsole.ts: AutoGen's console, its calls as the model sent them.
    pattern: /^Read .* as AutoGen's console output, \d+ runs?: /,
    why: "each call's name and arguments as the model sent them, answered by its id",
  },
  {
    // formats/openai-chat.ts: a JSONL of several conversations, each read as its own.
    pattern: /^The file holds \d+ conversations, one a line or one over several lines/,
    why: 'each conversation is read whole on its own',
  },
  {
    // formats/langfuse.ts: a run whose history an earlier run of the trace already read.
    pattern: /^This run opens with an earlier run's history/,
    why: 'read once, where it was first sent',
  },
  {
    // formats/langfuse.ts: generations that log only their own turn.
    pattern: /^Each of the \d+ generations logs only its own turn/,
    why: 'the turns read in order, with their answers',
  },
  {
    // formats/swe-agent.ts: in-context examples in the prompt.
    pattern: /^Skipped \d+ demonstration messages? \(in-context examples/,
    why: 'examples in the prompt, not calls of this run',
  },
  {
    // formats/swe-agent.ts: a RetryAgent's chosen attempt, copied at the top.
    pattern: /^The RetryAgent chose this attempt/,
    why: 'the same attempt, read once',
  },
  {
    // formats/gemini-cli.ts: results sent again on user records.
    pattern: /^Skipped \d+ repeated tool results? \(user records that re-send/,
    why: 'results already read on the model record',
  },
  {
    // formats/gemini-cli.ts: the CLI's own info / warning / error records.
    pattern: /^Skipped \d+ info, warning or error records? \(UI notices/,
    why: 'notices of the UI, never sent to the model',
  },
  {
    // formats/copilot-cli.ts: a resumed session goes on in the same conversation.
    pattern: /^The session was resumed /,
    why: 'the turns follow in order',
  },
  {
    // formats/otel-messages.ts: Python-style literals in span attributes.
    pattern: /^\d+ span attributes? held Python-style literals/,
    why: 'the same values, quotes repaired',
  },
  {
    // dialects/openai.ts, dialects/embedded.ts, formats/gemini.ts, formats/otel-messages.ts.
    pattern: /^The (?:response|span) (?:has|holds) \d+ (?:choices|candidates|completions)/,
    why: 'the conversation goes on with the first; the others were never sent back',
  },
  {
    // formats/chatgpt.ts: an edited prompt's or a regenerated answer's first version.
    pattern:
      /^Skipped \d+ messages? on other branches \(edited prompts, regenerated answers\) that make no tool call/,
    why: 'no call is left out: a branch that makes one is read as a conversation of its own',
  },
  {
    // formats/chatgpt.ts: a file's quoted text and like tool messages no call asked for.
    pattern: /^\d+ tool messages? answered no call made before/,
    why: 'an answer to no call changes no batch',
  },
];

/** Whether an import sentence is a note (changes nothing the detector sees), not a warning. */
export function isNote(sentence: string): boolean {
  return NOTES.some((n) => n.pattern.test(sentence));
}

/** An import's sentences, split into warnings and notes, each in its order. */
export function splitNotes(sentences: readonly string[]): {
  readonly warnings: readonly string[];
  readonly notes: readonly string[];
} {
  const warnings: string[] = [];
  const notes: string[] = [];
  for (const s of sentences) (isNote(s) ? notes : warnings).push(s);
  return { warnings, notes };
}
