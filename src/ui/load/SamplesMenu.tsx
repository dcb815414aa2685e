// The Samples menu: the built-in transcripts, by group.
import { useId } from 'react';
import type { SampleEntry, SampleGroup } from '../../state/samples';
import { actions, useSamples } from '../../state/appStore';

const GROUPS: readonly { group: SampleGroup; label: string }[] = [
  { group: 'behaviour', label: 'Detector behaviour' },
  { group: 'formats', label: 'Formats' },
];

function SampleOption({ sample }: { sample: SampleEntry }) {
  return (
    <option value={sample.file} title={sample.description}>
      {sample.title}
    </option>
  );
}

/** The Samples menu: behaviour samples first (the app opens on the first), then one per format. */
export function SamplesMenu() {
  const { samples, currentSample } = useSamples();
  const id = useId();
  return (
    <span className="header-field">
      <label htmlFor={id}>Samples</label>
      <select
        id={id}
        value={currentSample ?? ''}
        onChange={(e) => {
          if (e.target.value !== '') void actions.openSample(e.target.value);
        }}
      >
        <option value="" disabled>
          {samples.length === 0 ? 'No samples' : 'Choose a sample…'}
        </option>
        {GROUPS.map(({ group, label }) => {
          const inGroup = samples.filter((s) => s.group === group);
          if (inGroup.length === 0) return null;
          return (
            <optgroup key={group} label={label}>
              {inGroup.map((s) => (
                <SampleOption key={s.file} sample={s} />
              ))}
            </optgroup>
          );
        })}
      </select>
    </span>
  );
}
