// The dialect table's entries for frameworks, SDKs, telemetry conventions and chat apps
// (langchain … agentdojo).
import { idOf } from '../entry';
import type { DialectEntry, FoundCall } from '../entry';
import { embeddedJson, get, getRec, getStr, has, isRec, type Rec } from '../shape';

const OTEL_ATTR = /^(?:gen_ai|llm)\.(?:prompts?|completions?)\.\d+\.tool_calls\.\d+\.name$/;
const OPENINFERENCE_ATTR =
  /^llm\.(?:input|output)_messages\.\d+\.message\.tool_calls\.\d+\.tool_call\.function\.name$/;

/**
 * What a LlamaIndex `ToolOutput` gave: its `content` (older versions), else its text blocks
 * joined, else its `raw_output`.
 */
function toolOutput(o: Rec): unknown {
  const content = get(o, 'content');
  if (typeof content === 'string') return content;
  const blocks = get(o, 'blocks');
  if (Array.isArray(blocks)) {
    const texts = blocks.map((b) => (isRec(b) ? getStr(b, 'text') : undefined));
    if (texts.length > 0 && texts.every((t) => t !== undefined)) return texts.join('\n');
  }
  return get(o, 'raw_output') ?? o;
}

/** Calls spelled as flattened span attributes, `gen_ai.completion.0.tool_calls.1.name`. */
function otelAttributeCalls(o: Rec): FoundCall[] | null {
  if (o instanceof Map) {
    let out: FoundCall[] | null = null;
    o.forEach((v, k) => {
      const c = otelAttribute(o, k, v);
      if (c) (out ??= []).push(c);
    });
    return out;
  }
  let out: FoundCall[] | null = null;
  for (const k of Object.keys(o)) {
    const c = otelAttribute(o, k, get(o, k));
    if (c) (out ??= []).push(c);
  }
  return out;
}

function otelAttribute(o: Rec, k: string, v: unknown): FoundCall | null {
  if (typeof v !== 'string' || !k.endsWith('.name')) return null;
  let base: string;
  let idKey: string;
  let argsKey: string;
  if (OTEL_ATTR.test(k)) {
    base = k.slice(0, -'.name'.length);
    idKey = `${base}.id`;
    argsKey = `${base}.arguments`;
  } else if (OPENINFERENCE_ATTR.test(k)) {
    base = k.slice(0, -'.function.name'.length);
    idKey = `${base}.id`;
    argsKey = `${base}.function.arguments`;
  } else return null;
  const id = get(o, idKey);
  return {
    id: typeof id === 'string' && id !== '' ? id : null,
    name: v,
    args: get(o, argsKey),
    // The message the attribute belongs to is part of where the call stands.
    sub: base.replace(/\.\d+/g, '[*]'),
    history: true,
  };
}

/** This family's entries, in the order the census tries them (table.ts joins the families). */
export const FRAMEWORK_DIALECTS: readonly DialectEntry[] = [
  {
    id: 'langchain',
    label: 'LangChain `tool_calls`',
    call: "an AI message's `tool_calls: [{ id, name, args, type: \"tool_call\" }]`, or one such `ToolCall` elsewhere (LangGraph's `lg_tool_call`, a tool node's input)",
    result: 'a tool message `{ type: "tool", tool_call_id, content }`',
    fields: { id: 'id', name: 'name', args: 'args (an object)' },
    source: 'langchain-ai/langchainjs langchain-core/src/messages/ai.ts @08fb7147af',
    counted: true,
    when: { lists: ['tool_calls'], types: ['tool_call'] },
    read: (o, at) => {
      if (!has(o, 'args')) return null;
      // Outside a `tool_calls` list, a `ToolCall` typed as one, with the `id` member its
      // TypedDict always has (null or not): kept under a member of its own (LangGraph's
      // `lg_tool_call`) or in a list of calls handed on (a tool node's input). LibreChat's
      // parts keep theirs under `tool_call`, with its output (`librechat`).
      const typed = at.key !== 'tool_call' && getStr(o, 'type') === 'tool_call' && has(o, 'id');
      if (at.listKey !== 'tool_calls' && !typed) return null;
      const name = getStr(o, 'name');
      return name === undefined ? null : { id: idOf(o, 'id'), name, args: get(o, 'args') };
    },
  },
  {
    id: 'tool-calls-camel',
    label: 'camelCase `toolCalls`',
    call: '`toolCalls: [{ id, function: { name, arguments } }]` (Continue) or `[{ id, name, args }]` (Gemini CLI sessions)',
    result: "a `tool` message with `toolCallId`, or the entry's own `result`",
    fields: { id: 'id', name: 'function.name | name', args: 'function.arguments | args' },
    source:
      'continuedev/continue core/index.d.ts @275e116d9c; google-gemini/gemini-cli packages/core/src/services/chatRecordingService.ts',
    counted: true,
    when: { lists: ['toolCalls'] },
    read: (o, at) => {
      if (at.listKey !== 'toolCalls') return null;
      const f = getRec(o, 'function');
      const fname = f ? getStr(f, 'name') : undefined;
      if (f !== undefined && fname !== undefined) {
        return { id: idOf(o, 'id'), name: fname, args: get(f, 'arguments') };
      }
      const name = getStr(o, 'name') ?? getStr(o, 'toolName');
      if (name === undefined) return null;
      return { id: idOf(o, 'id', 'toolCallId'), name, args: get(o, 'args') ?? get(o, 'arguments') };
    },
  },
  {
    id: 'gptscript',
    label: 'GPTScript `toolCall` part',
    call: 'a message content part `{ toolCall: { index, id, function: { name, arguments } } }` (arguments left out where empty)',
    result:
      'a `tool` message `{ role: "tool", content: [{ text }], toolCall }` naming the call it answers',
    fields: { id: 'id', name: 'function.name', args: 'function.arguments (a JSON string)' },
    source: 'gptscript-ai/gptscript pkg/types/completion.go @c034f5040d',
    counted: true,
    when: { keys: ['toolCall'] },
    read: (o, at) => {
      // The tool message's own `toolCall` names the call it answers: not a call.
      if (at.key !== 'toolCall' || at.outerKey !== 'content') return null;
      const f = getRec(o, 'function');
      const name = f ? getStr(f, 'name') : undefined;
      if (f === undefined || name === undefined) return null;
      return { id: idOf(o, 'id'), name, args: get(f, 'arguments') ?? '' };
    },
  },
  {
    id: 'librechat',
    label: 'LibreChat `tool_call` part',
    call: 'a message content part `{ type: "tool_call", tool_call: { type: "tool_call", id, name, args, output } }` (an Assistants endpoint: `tool_call: { id, type: "function", function: { name, arguments, output } }`)',
    result: 'the `output` inside the call',
    fields: { id: 'id', name: 'name | function.name', args: 'args | function.arguments' },
    source:
      'danny-avila/LibreChat packages/data-provider/src/types/agents.ts @04e1c83a6d (Agents.ToolCall), assistants.ts @0015b5a005 (TMessageContentParts)',
    counted: true,
    when: { keys: ['tool_call'] },
    read: (o, at) => {
      if (at.key !== 'tool_call') return null;
      const type = getStr(o, 'type');
      if (type === 'tool_call') {
        const name = getStr(o, 'name');
        if (name === undefined || name === '') return null;
        return { id: idOf(o, 'id'), name, args: get(o, 'args'), output: get(o, 'output') };
      }
      const f = type === 'function' ? getRec(o, 'function') : undefined;
      const name = f ? getStr(f, 'name') : undefined;
      if (f === undefined || name === undefined || name === '') return null;
      return { id: idOf(o, 'id'), name, args: get(f, 'arguments'), output: get(f, 'output') };
    },
  },
  {
    id: 'otel-parts',
    label: 'OTel GenAI `tool_call` part',
    call: 'a message part `{ type: "tool_call", id, name, arguments }` in `gen_ai.input.messages` / `gen_ai.output.messages`',
    result: '`{ type: "tool_call_response", id, response }`',
    fields: { id: 'id', name: 'name', args: 'arguments' },
    source:
      'open-telemetry/semantic-conventions docs/gen-ai/gen-ai-input-messages.json @32e44cbf6b',
    counted: true,
    when: { types: ['tool_call'] },
    read: (o) => {
      // A span typed `tool_call` that records a tool's run (its `input`, Mastra's) is no part.
      if (getStr(o, 'type') !== 'tool_call' || (has(o, 'input') && !has(o, 'arguments')))
        return null;
      const name = getStr(o, 'name');
      // An event log's record of this shape keeps its own `id` beside the call's (Tarko's
      // `tool_call` event: bytedance/UI-TARS-desktop multimodal/tarko, `toolCallId`).
      const id = idOf(o, 'toolCallId', 'tool_call_id', 'id');
      return name === undefined ? null : { id, name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'otel-attributes',
    label: 'OTel `gen_ai.completion.N.tool_calls` attributes',
    call: 'flattened span attributes `gen_ai.completion.0.tool_calls.0.{id,name,arguments}` (the older convention)',
    result: '`gen_ai.prompt.N.role: "tool"` with `.tool_call_id` and `.content`',
    fields: { id: '….id', name: '….name', args: '….arguments' },
    source: 'Arize-ai/openinference js/packages/openinference-genai/src/attributes.ts @046714fd44',
    counted: true,
    when: { keys: ['attributes', 'span_attributes', 'spanAttributes', 'metadata'] },
    read: (o) => otelAttributeCalls(o),
  },
  {
    id: 'vercel-ai',
    label: 'Vercel AI SDK `tool-call`',
    call: 'a part `{ type: "tool-call", toolCallId, toolName, input | args }` (in `ai.prompt.messages`), or `ai.response.toolCalls: [{ toolCallId, toolName, args }]`',
    result: '`{ type: "tool-result", toolCallId, toolName, output | result }`',
    fields: { id: 'toolCallId', name: 'toolName', args: 'input | args' },
    source:
      'vercel/ai packages/ai/src/telemetry/record-span.ts @2227c6acb2 and packages/provider (LanguageModelV2ToolCall)',
    counted: true,
    when: { has: ['toolName'] },
    read: (o) => {
      const t = getStr(o, 'type');
      if (t !== undefined && t !== 'tool-call') return null;
      const name = getStr(o, 'toolName');
      if (name === undefined || !has(o, 'toolCallId')) return null;
      if (t === undefined && !has(o, 'args') && !has(o, 'input')) return null;
      return { id: idOf(o, 'toolCallId'), name, args: get(o, 'input') ?? get(o, 'args') };
    },
  },
  {
    id: 'vercel-ai-ui',
    label: 'Vercel AI SDK UI tool part',
    call: 'a UI message part `{ type: "tool-<name>", toolCallId, state, input }`, or `{ type: "dynamic-tool", toolName, toolCallId, state, input }`; in a UI message stream, `{ type: "tool-input-available", toolCallId, toolName, input }`',
    result:
      'the same part\'s `output` (state `output-available`) or `errorText` (`output-error`); in a stream, `{ type: "tool-output-available" | "tool-output-error", toolCallId, output | errorText }`',
    fields: { id: 'toolCallId', name: 'the type after `tool-`, or toolName', args: 'input' },
    source:
      'vercel/ai packages/ai/src/ui/ui-messages.ts @0103ba5206 (ToolUIPart, DynamicToolUIPart), packages/ai/src/ui-message-stream/ui-message-chunks.ts @014f4437a9',
    counted: true,
    when: { has: ['toolCallId'] },
    read: (o) => {
      const t = getStr(o, 'type');
      // The UI message stream's chunk that carries a call whole (its input chunks before it,
      // its `tool-output-available` / `-error` chunk after it, by `toolCallId`).
      if (t === 'tool-input-available') {
        const name = getStr(o, 'toolName');
        if (name === undefined || !has(o, 'toolCallId')) return null;
        return { id: idOf(o, 'toolCallId'), name, args: get(o, 'input') };
      }
      // Other chunks carry no `state`: only a part does.
      const state = getStr(o, 'state');
      if (t === undefined || state === undefined || state === 'input-streaming') return null;
      let name: string | undefined;
      if (t === 'dynamic-tool') name = getStr(o, 'toolName');
      else if (t.startsWith('tool-') && t.length > 5) name = t.slice(5);
      if (name === undefined || !has(o, 'toolCallId')) return null;
      return { id: idOf(o, 'toolCallId'), name, args: get(o, 'input') };
    },
  },
  {
    id: 'bedrock',
    label: 'Bedrock Converse `toolUse`',
    call: 'a content block `{ toolUse: { toolUseId, name, input } }`',
    result: '`{ toolResult: { toolUseId, content, status } }`',
    fields: { id: 'toolUseId', name: 'name', args: 'input' },
    source: 'aws/aws-sdk-js-v3 clients/client-bedrock-runtime/src/models/models_0.ts @3e92ce782e',
    counted: true,
    when: { keys: ['toolUse'] },
    read: (o, at) => {
      if (at.key !== 'toolUse') return null;
      const name = getStr(o, 'name');
      return name === undefined ? null : { id: idOf(o, 'toolUseId'), name, args: get(o, 'input') };
    },
  },
  {
    id: 'genkit',
    label: 'Genkit `toolRequest`',
    call: 'a part `{ toolRequest: { ref, name, input } }` of a `model` message',
    result: 'a part `{ toolResponse: { ref, name, output } }` of a `tool` message',
    fields: { id: 'ref', name: 'name', args: 'input' },
    source: 'firebase/genkit js/ai/src/parts.ts @0830f707dd (`ToolRequestSchema`)',
    counted: true,
    when: { keys: ['toolRequest'] },
    read: (o, at) => {
      // A streamed chunk of a request (`partial`) is completed by the message that follows.
      if (at.key !== 'toolRequest' || get(o, 'partial') === true) return null;
      const name = getStr(o, 'name');
      return name === undefined ? null : { id: idOf(o, 'ref'), name, args: get(o, 'input') };
    },
  },
  {
    id: 'sharegpt',
    label: 'ShareGPT `function_call` turn',
    call: 'a turn `{ from: "function_call", value: "<JSON {name, arguments}, or a list of them>" }`, or a content part `{ type: "tool_call", value: "<the same JSON>" }`',
    result: 'the next `{ from: "observation", value }` turn, or a `tool` message',
    fields: { id: null, name: 'name (in the JSON)', args: 'arguments (in the JSON)' },
    source:
      'hiyouga/LLaMA-Factory src/llamafactory/data/converter.py @02e2fb34bf (SharegptDatasetConverter, OpenAIDatasetConverter), data/glaive_toolcall_en_demo.json',
    counted: true,
    when: { has: ['from'], types: ['tool_call'] },
    read: (o) => {
      const turn = get(o, 'from') === 'function_call';
      if (!turn && getStr(o, 'type') !== 'tool_call') return null;
      const value = get(o, 'value');
      if (typeof value !== 'string') return null;
      const parsed = embeddedJson(value);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const calls: FoundCall[] = [];
      for (const c of list) {
        const name = isRec(c) ? getStr(c, 'name') : undefined;
        // The arguments as the JSON text they were parsed from: the walk reads text, not
        // plain objects.
        const args = name === undefined ? undefined : get(c as Rec, 'arguments');
        if (name !== undefined)
          calls.push({
            id: null,
            name,
            args:
              args === undefined || typeof args === 'string'
                ? (args ?? null)
                : JSON.stringify(args),
          });
      }
      return calls.length > 0 ? calls : null;
    },
  },
  {
    id: 'lobechat',
    label: 'LobeChat `tools`',
    call: "an assistant message's `tools: [{ id, identifier, apiName, arguments, type }]`",
    result: 'a message `{ role: "tool", tool_call_id, content }`',
    fields: { id: 'id', name: 'apiName', args: 'arguments' },
    source:
      'lobehub/lobe-chat packages/types/src/message/common/tools.ts @9acb63ae57 (ChatToolPayload)',
    counted: true,
    when: { lists: ['tools'] },
    read: (o, at) => {
      // A tool definition sits in a `tools` list too: only a payload names its plugin's API.
      if (at.listKey !== 'tools' || !has(o, 'identifier')) return null;
      const name = getStr(o, 'apiName');
      return name === undefined ? null : { id: idOf(o, 'id'), name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'llamaindex',
    label: 'LlamaIndex `ToolSelection`',
    call: "`{ tool_id, tool_name, tool_kwargs }`: a `ToolSelection` in an `AgentOutput`'s or `AgentStream`'s `tool_calls`, or an agent workflow's `ToolCall` event, as JSON or printed by Python",
    result:
      'the `ToolCallResult` event of the same `tool_id`: the call again with its `tool_output` (a `ToolOutput`; `is_error` a failure)',
    fields: { id: 'tool_id', name: 'tool_name', args: 'tool_kwargs' },
    source:
      'run-llama/llama_index llama-index-core/llama_index/core/agent/workflow/workflow_events.py @062929daed (ToolCall, ToolCallResult)',
    counted: true,
    when: { has: ['tool_kwargs'] },
    read: (o) => {
      const name = getStr(o, 'tool_name');
      if (name === undefined || !has(o, 'tool_kwargs')) return null;
      const call = { id: idOf(o, 'tool_id'), name, args: get(o, 'tool_kwargs') };
      // The result's event repeats the call with what it gave.
      const output = getRec(o, 'tool_output');
      if (output === undefined) return call;
      return {
        ...call,
        echo: true,
        output: toolOutput(output),
        failed: get(output, 'is_error') === true,
      };
    },
  },
  {
    id: 'agentdojo',
    label: 'AgentDojo `tool_calls`',
    call: 'an assistant message\'s `tool_calls: [{ function: "name", args, id }]`',
    result:
      'a message `{ role: "tool", tool_call_id, tool_call, content, error }`, its `tool_call` the call again',
    fields: { id: 'id', name: 'function (a string)', args: 'args' },
    source: 'ethz-spylab/agentdojo src/agentdojo/functions_runtime.py @a75aba7631 (FunctionCall)',
    counted: true,
    when: { lists: ['tool_calls'], keys: ['tool_call'] },
    read: (o, at) => {
      const name = getStr(o, 'function');
      if (name === undefined || !has(o, 'args')) return null;
      const call = { id: idOf(o, 'id'), name, args: get(o, 'args') };
      if (at.listKey === 'tool_calls') return call;
      // A tool message names the call it answers whole: an echo of it.
      return at.key === 'tool_call' ? { ...call, echo: true } : null;
    },
  },
];
