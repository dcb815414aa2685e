// The OpenAI chat messages that texts which are no JSON are rewritten into.

/** One call of an assistant message, its arguments as JSON text. */
export interface ChatJsonCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message of the list a rewritten text holds (`src/import/textInputs.ts`). */
export interface ChatJsonMessage {
  role: 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ChatJsonCall[];
  tool_call_id?: string;
}
