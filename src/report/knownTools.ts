/**
 * The read-only tools of common coding agents, by the names their own sources give them, and
 * the tools of the same agents that act, which a pattern meant for the first must not catch.
 * Where each list comes from: docs/detector.md §10.2.
 */

export interface KnownAgent {
  readonly agent: string;
  /** Tools that only read: their repeats deserve the read-only tier. */
  readonly readOnly: readonly string[];
  /** Tools that change something or run commands. */
  readonly acting: readonly string[];
}

export const KNOWN_AGENTS: readonly KnownAgent[] = [
  {
    agent: 'Claude Code',
    readOnly: [
      'Read',
      'Grep',
      'Glob',
      'LS',
      'NotebookRead',
      'TodoRead',
      'WebFetch',
      'WebSearch',
      'ListMcpResourcesTool',
      'ReadMcpResourceTool',
    ],
    acting: [
      'Bash',
      'BashOutput',
      'KillShell',
      'KillBash',
      'Edit',
      'MultiEdit',
      'Write',
      'NotebookEdit',
      'TodoWrite',
      'Task',
      'ExitPlanMode',
      'SlashCommand',
    ],
  },
  {
    agent: 'Codex',
    readOnly: [
      'read_file',
      'list_dir',
      'grep_files',
      'view_image',
      'list_mcp_resources',
      'list_mcp_resource_templates',
      'read_mcp_resource',
    ],
    acting: ['shell', 'shell_command', 'exec_command', 'write_stdin', 'apply_patch', 'update_plan'],
  },
  {
    agent: 'Gemini CLI',
    readOnly: [
      'read_file',
      'read_many_files',
      'list_directory',
      'glob',
      'grep_search',
      'search_file_content',
      'google_web_search',
      'web_fetch',
    ],
    acting: ['run_shell_command', 'write_file', 'replace', 'write_todos', 'save_memory'],
  },
  {
    agent: 'GitHub Copilot',
    readOnly: [
      'semantic_search',
      'file_search',
      'grep_search',
      'read_file',
      'list_dir',
      'get_errors',
      'get_changed_files',
      'list_code_usages',
      'search_workspace_symbols',
      'read_project_structure',
      'test_search',
      'get_search_view_results',
      'get_doc_info',
      'get_project_setup_info',
      'get_vscode_api',
      'fetch_webpage',
      'github_repo',
      'test_failure',
      'read_notebook_cell_output',
      'copilot_searchCodebase',
      'copilot_searchWorkspaceSymbols',
      'copilot_listCodeUsages',
      'copilot_findFiles',
      'copilot_findTextInFiles',
      'copilot_readFile',
      'copilot_listDirectory',
      'copilot_getErrors',
      'copilot_getChangedFiles',
      'copilot_readProjectStructure',
      'copilot_getDocInfo',
      'copilot_fetchWebPage',
      'copilot_findTestFiles',
      'copilot_getProjectSetupInfo',
      'copilot_getSearchResults',
      'copilot_githubRepo',
      'copilot_getVSCodeAPI',
      'copilot_getNotebookSummary',
      'copilot_readNotebookCellOutput',
    ],
    acting: [
      'run_in_terminal',
      'create_file',
      'insert_edit_into_file',
      'replace_string_in_file',
      'multi_replace_string_in_file',
      'create_directory',
      'apply_patch',
      'run_task',
      'create_and_run_task',
      'run_tests',
      'runTests',
      'install_extension',
      'edit_notebook_file',
      'run_notebook_cell',
      'manage_todo_list',
      'memory',
      'run_vscode_command',
      'copilot_insertEdit',
      'copilot_createFile',
      'copilot_replaceString',
      'copilot_multiReplaceString',
      'copilot_applyPatch',
      'copilot_createDirectory',
      'copilot_runVscodeCommand',
      'copilot_installExtension',
      'copilot_memory',
    ],
  },
  {
    agent: 'GitHub Copilot CLI',
    // Closed source: the names its session logs carry (docs/detector.md §10.2). `read_bash`
    // reads a running shell's output, a poll, so it is in neither list.
    readOnly: ['view', 'glob', 'grep', 'web_fetch', 'web_search'],
    acting: ['bash', 'write_bash', 'stop_bash', 'edit', 'create'],
  },
  {
    agent: 'Cline',
    readOnly: [
      'read_file',
      'list_files',
      'search_files',
      'list_code_definition_names',
      'web_fetch',
      'web_search',
    ],
    acting: [
      'execute_command',
      'write_to_file',
      'replace_in_file',
      'apply_patch',
      'browser_action',
      'new_task',
    ],
  },
];

/** Each known read-only name, with the agents that use it (several share `read_file`). */
export const KNOWN_READ_ONLY: ReadonlyMap<string, readonly string[]> = (() => {
  const m = new Map<string, string[]>();
  for (const a of KNOWN_AGENTS) {
    for (const name of a.readOnly) {
      const list = m.get(name) ?? [];
      list.push(a.agent);
      m.set(name, list);
    }
  }
  return m;
})();

/** Every known acting name. */
export const KNOWN_ACTING: readonly string[] = [...new Set(KNOWN_AGENTS.flatMap((a) => a.acting))];
