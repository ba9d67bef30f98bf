import type { MouseEvent, ReactNode } from 'react';
import { useEffect } from 'react';

/** The page's sections, in order (product spec §2); the ids are the jump targets. */
export const SETTINGS_SECTIONS = [
  { id: 'judge-login', title: 'Judge Login' },
  { id: 'judging-parameters', title: 'Judging Parameters' },
  { id: 'criteria', title: 'Criteria' },
  { id: 'clock', title: 'Judging Clock and Timer' },
  { id: 'track-judging', title: 'Track Judging' },
  { id: 'multi-group', title: 'Multi-Group Judging' },
  { id: 'export', title: 'Export Data' },
  { id: 'reset', title: 'Reset Data' },
] as const;
export type SectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

const headingId = (id: string) => `${id}-heading`;
const titleOf = (id: SectionId) => SETTINGS_SECTIONS.find((s) => s.id === id)?.title ?? id;

/** Scrolls to a section and moves focus to its heading, so keyboard users continue from there. */
function jumpTo(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ block: 'start' });
  document.getElementById(headingId(id))?.focus({ preventScroll: true });
  return true;
}

/** The jump buttons: real in-page links, so they also work from the keyboard and when copied. */
export function SettingsNav() {
  // A link to /admin/settings#multi-group lands on its section once the page has rendered.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) jumpTo(id);
  }, []);

  const onJump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!jumpTo(id)) return;
    event.preventDefault();
    // Keep the router's history state; only the fragment changes.
    window.history.replaceState(window.history.state, '', `#${id}`);
  };

  return (
    <nav className="settings-nav" aria-label="Settings sections">
      <ul className="settings-nav__list">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="btn btn--secondary btn--small"
              onClick={(event) => onJump(event, section.id)}
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One titled section of the page, a jump target. */
export function SettingsSection({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <section id={id} className="card settings-section" aria-labelledby={headingId(id)}>
      <h2 id={headingId(id)} className="settings-section__heading" tabIndex={-1}>
        {titleOf(id)}
      </h2>
      <div className="settings-section__body">{children}</div>
    </section>
  );
}
