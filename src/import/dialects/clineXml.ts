// Calls Cline and Roo Code had a model write as XML into its reply's text.

/**
 * Before native tool calling, Cline and its forks (Roo Code, Kilo Code) asked the model to write
 * each call into its text as XML, one element per parameter:
 * `<read_file>\n<path>src/a.ts</path>\n</read_file>`. The extension parses the tags of its own
 * tools only, so other XML in a reply stays text, and runs the first call of a message: a later
 * one is refused ("Only one tool may be used at a time"). A call the stream ended inside (its
 * closing tag never written) is still run, its last parameter holding what was written.
 * Sources: cline/cline src/core/assistant-message/index.ts @1cb3206b87 and
 * parse-assistant-message.ts (the tool and parameter names, the parse); RooCodeInc/Roo-Code
 * packages/types/src/tool.ts @0126cb0b15 (Roo's tool names). The answer is the next user
 * message's `[<tool> for '<arg>'] Result:` text block.
 */
const TOOLS = [
  'access_mcp_resource',
  'act_mode_respond',
  'apply_diff',
  'apply_patch',
  'ask_followup_question',
  'attempt_completion',
  'browser_action',
  'codebase_search',
  'condense',
  'delete_file',
  'edit_file',
  'execute_command',
  'fetch_instructions',
  'focus_chain',
  'generate_explanation',
  'generate_image',
  'insert_content',
  'list_code_definition_names',
  'list_files',
  'load_mcp_documentation',
  'new_rule',
  'new_task',
  'plan_mode_respond',
  'plan_mode_response',
  'read_file',
  'replace_in_file',
  'report_bug',
  'run_slash_command',
  'search_and_replace',
  'search_files',
  'search_replace',
  'summarize_task',
  'switch_mode',
  'update_todo_list',
  'use_mcp_tool',
  'use_skill',
  'use_subagents',
  'web_fetch',
  'web_search',
  'write_to_file',
];
const OPEN = new RegExp(`<(${TOOLS.join('|')})>`);
/**
 * The opening tags of calls written into a reply's text, as a pattern to find in raw text:
 * Cline's tools and the Hermes `<tool_call>` (textCalls.ts), whose lines name no member a call
 * is known by.
 */
export const TEXT_TAGS = `<(?:tool_call|${TOOLS.join('|')})>`;
/** Parameters that hold a file's text, which may itself hold the closing tag: up to its last one. */
const WHOLE = new Set(['content', 'diff']);
const PARAM = /<([a-z_][a-z0-9_]*)>/g;

/** One call as the object it spells; `params` in the order written. */
export interface ClineXmlCall {
  readonly type: 'cline_xml_call';
  readonly name: string;
  readonly params: ReadonlyMap<string, string>;
}

/** Whether a text may hold a call (a cheap look before the parse). */
export function holdsClineXml(s: string): boolean {
  return s.length > 8 && s.includes('>') && OPEN.test(s);
}

/** The call a reply's text makes (its first tool tag), or null. */
export function clineXmlCall(s: string): ClineXmlCall | null {
  const open = OPEN.exec(s);
  if (open === null) return null;
  const name = open[1] as string;
  const from = open.index + open[0].length;
  const close = s.indexOf(`</${name}>`, from);
  const body = s.slice(from, close < 0 ? s.length : close);
  const params = new Map<string, string>();
  PARAM.lastIndex = 0;
  for (;;) {
    const p = PARAM.exec(body);
    if (p === null) break;
    const key = p[1] as string;
    const start = p.index + p[0].length;
    const end = WHOLE.has(key) ? body.lastIndexOf(`</${key}>`) : body.indexOf(`</${key}>`, start);
    // Cline trims each value; one the stream ended inside runs to the end.
    params.set(key, body.slice(start, end < start ? body.length : end).trim());
    if (end < start) break;
    PARAM.lastIndex = end + key.length + 3;
  }
  return { type: 'cline_xml_call', name, params };
}
