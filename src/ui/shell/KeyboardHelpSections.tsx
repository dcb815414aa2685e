// The keyboard help's text: every shortcut of the page, by where it works. Loaded when the
// dialog first opens, so its words are not in the page's first script.
import { KEY_HELP } from '../timeline/keys';

type Row = readonly [keys: string, what: string];

/** Every shortcut of the page, by where it works. */
const SECTIONS: readonly { title: string; rows: readonly Row[] }[] = [
  {
    title: 'Anywhere on the page (not while typing in a field)',
    rows: [
      ...KEY_HELP,
      ['/', 'search batches by tool, arguments or answers'],
      ['B', 'fold or unfold the sidebar (transcript and settings)'],
      ['Esc', 'clear the selection'],
      ['?', 'this help'],
    ],
  },
  {
    title: 'Search box',
    rows: [
      ['Enter / Shift+Enter', 'next / previous match'],
      ['Esc', 'clear the search'],
    ],
  },
  {
    title: 'Detector lanes (when open and focused)',
    rows: [
      ['↑ / ↓', 'previous / next lane'],
      ['← / →', 'previous / next mark in the lane'],
      ['Home / End', 'first / last mark'],
      ['Enter / Space', 'select the mark’s batch'],
    ],
  },
  {
    title: 'Batches table',
    rows: [
      ['↑ / ↓', 'previous / next row'],
      ['PgUp / PgDn', 'a page up / down'],
      ['Home / End', 'first / last row'],
      ['← / →', 'into the row’s tools and signature, whole'],
    ],
  },
  {
    title: 'Elsewhere',
    rows: [
      ['← / →', 'views tabs: previous / next tab'],
      ['↑ / ↓', 'splitter: move the split; observation patterns: previous / next'],
      ['Delete', 'observation patterns: remove the current one'],
    ],
  },
];

/** The dialog's sections. */
export function KeyboardHelpSections() {
  return (
    <>
      {SECTIONS.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h3>{s.title}</h3>
          <dl>
            {s.rows.map(([keys, what]) => (
              <div key={`${keys}:${what}`}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
