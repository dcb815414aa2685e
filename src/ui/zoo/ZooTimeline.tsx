// The timeline with the detector zoo's lanes under its bars.
import { memo, useMemo } from 'react';
import { useZoo, useZooView } from '../../state/appStore';
import { Timeline, type TimelineProps } from '../timeline/Timeline';
import { LaneControls } from './LaneControls';
import { visibleLanes } from './lanes';
import './zoo.css';

/** The timeline with the detector zoo's lanes under its bars. */
function ZooTimelineImpl(props: Omit<TimelineProps, 'lanes' | 'laneControls'>) {
  const zoo = useZoo();
  const { visible, hidden, pending } = useZooView();
  // Pending: a transcript is shown and the worker is computing its lanes (no error to show).
  const results = zoo?.results ?? null;
  const lanes = useMemo(
    () => visibleLanes(results, visible, hidden, pending),
    [results, visible, hidden, pending],
  );
  return <Timeline {...props} lanes={lanes} laneControls={<LaneControls results={results} />} />;
}

/** Memoised: the parent re-renders on every status change; equal props skip this subtree. */
export const ZooTimeline = memo(ZooTimelineImpl);
