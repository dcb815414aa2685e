// The app shell: header, the sidebar (source and config), the workspace.
import { useEffect, useMemo } from 'react';
import { actions, useAnalysis } from '../state/appStore';
import './theme.css';
import './app.css';
import './shell/header.css';
import './config/config.css';
import './shell/workspace.css';
import { ConfigPanel } from './config/ConfigPanel';
import { diffVerdicts } from './config/verdictDiff';
import { DropOverlay } from './load/DropOverlay';
import { TranscriptInput } from './load/TranscriptInput';
import { useFileDrop } from './load/useFileDrop';
import { Header } from './shell/Header';
import { Headline } from './shell/Headline';
import { KeyboardHelp } from './shell/KeyboardHelp';
import { TIMELINE_CANVAS_ID } from './timeline/Timeline';
import { Notices } from './shell/Notices';
import { SidebarFoldButton, useSidebarFold } from './shell/SidebarFold';
import { StatusPill } from './shell/StatusPill';
import { Workspace } from './shell/Workspace';

const NO_CHANGES: ReadonlySet<number> = new Set();

/** The app shell: header, left sidebar (source + config), main workspace. */
export function App() {
  const { status, result } = useAnalysis();
  const dragging = useFileDrop(actions.loadFile, actions.openInCorpus);
  const [folded, toggleSidebar] = useSidebarFold();

  useEffect(() => {
    // Open on the first sample, one that refuses, so the first screen shows the point.
    void actions.start();
  }, []);

  const diff = useMemo(
    () => (result === null ? null : diffVerdicts(result.report, result.defaultReport)),
    [result],
  );

  return (
    <div className="app" data-analysis-state={status}>
      <a
        className="skip-link"
        href={`#${TIMELINE_CANVAS_ID}`}
        onClick={(e) => {
          // Focus without navigating: the URL hash carries the config, not anchors.
          e.preventDefault();
          document.getElementById(TIMELINE_CANVAS_ID)?.focus();
        }}
      >
        Skip to the timeline
      </a>
      <Header />
      <Headline />
      <div className="app-body" data-sidebar={folded ? 'folded' : 'open'}>
        <aside className="sidebar" aria-label="Source and config">
          <SidebarFoldButton folded={folded} onToggle={toggleSidebar} controls="sidebar-body" />
          <div className="sidebar__body" id="sidebar-body" hidden={folded}>
            <StatusPill />
            <TranscriptInput />
            <ConfigPanel diff={diff} />
          </div>
        </aside>
        <div className="content">
          <Notices />
          <Workspace changedBatches={diff?.changed ?? NO_CHANGES} />
        </div>
      </div>
      <DropOverlay active={dragging} />
      <KeyboardHelp />
    </div>
  );
}
