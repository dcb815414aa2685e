// Cursor's hook payloads: each a call its agent made, or the echo of one after it ran.
import type { FoundCall } from './entry';
import { get, getStr, type Rec } from './shape';

/**
 * The call a Cursor hook payload stands for (cursor.com/docs/agent/hooks): a shell command, an
 * MCP tool, a file read before it runs, or a file edit once made; the `after…` payload of a
 * command or a tool is that call's echo, its output the answer. Null for any other event.
 */
export function cursorHookCall(o: Rec): FoundCall | null {
  const ev = getStr(o, 'hook_event_name');
  if (ev === undefined) return null;
  const after = ev.startsWith('after');
  // A model generation's calls are one reply; the hook says nothing more of it.
  const turn = getStr(o, 'generation_id');
  switch (ev) {
    case 'beforeShellExecution':
    case 'afterShellExecution': {
      const command = get(o, 'command');
      if (typeof command !== 'string') return null;
      // The command alone: the payload after it names no `cwd`, and must sign alike.
      const args = new Map<string, unknown>([['command', command]]);
      return { id: null, name: 'shell', args, echo: after, output: get(o, 'output'), turn };
    }
    case 'beforeMCPExecution':
    case 'afterMCPExecution': {
      const name = getStr(o, 'tool_name');
      if (!name) return null;
      const output = get(o, 'result_json');
      return { id: null, name, args: get(o, 'tool_input'), echo: after, output, turn };
    }
    case 'beforeReadFile':
    case 'afterFileEdit': {
      const path = get(o, 'file_path');
      if (typeof path !== 'string') return null;
      const args = new Map<string, unknown>([['file_path', path]]);
      if (ev === 'beforeReadFile') return { id: null, name: 'read_file', args, turn };
      args.set('edits', get(o, 'edits') ?? null);
      return { id: null, name: 'edit_file', args, turn };
    }
    default:
      return null;
  }
}
