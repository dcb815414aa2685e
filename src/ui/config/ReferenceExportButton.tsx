// "Export reference settings": the config saved under gglib's own setting names.
import { useConfig } from '../../state/appStore';
import { downloadText } from '../shell/download';

/** The file name "Export reference settings" saves under. */
const REFERENCE_SETTINGS_FILE = 'gglib-loop-settings.json';

/**
 * The hand-off: saves the current config as the reference's own settings
 * (`max_repeated_batch_steps`, `max_observation_steps`, `observation_tools`) with a note on
 * where they apply, so a person can carry what they found into gglib.
 */
export function ReferenceExportButton() {
  const config = useConfig();
  return (
    <button
      type="button"
      className="button button--small"
      title="Save the current config as gglib's AgentConfig settings (JSON, with a note on where they apply)"
      onClick={() => {
        // The reference's settings printer comes with the first export, not with the page.
        void import('../../detector/referenceSettings').then((m) =>
          downloadText(REFERENCE_SETTINGS_FILE, m.formatReferenceSettings(config)),
        );
      }}
    >
      Export reference settings
    </button>
  );
}
