import type { MouseEvent, ReactNode } from 'react';
import styles from './legal.module.css';

/** Scrolls to a section without a router navigation (which would restore the page's scroll position). */
function jumpTo(event: MouseEvent, id: string) {
  event.preventDefault();
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** When the texts were last changed: shown on both pages, and bumped with any change to them. */
export const LEGAL_LAST_UPDATED = 'November 23, 2025';

export type TLegalSection = { id: string; title: string };

/** The frame of the terms and the privacy policy: title, date, a summary box and a table of contents. */
export function LegalPage({
  title,
  summary,
  sections,
  children,
}: {
  title: string;
  summary: ReactNode;
  sections: readonly TLegalSection[];
  children: ReactNode;
}) {
  return (
    <article className={`screen screen-narrow prose ${styles['legal-page']}`}>
      <header className={styles['legal-header']}>
        <h1>{title}</h1>
        <p className={styles['legal-updated']}>Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className={styles['legal-summary']}>{summary}</div>
        <nav aria-label="Contents">
          <ol className={styles['legal-toc']}>
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} onClick={(event) => jumpTo(event, section.id)}>
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>
      {children}
    </article>
  );
}

/** A numbered section whose heading the table of contents links to. */
export function LegalSection({
  section,
  index,
  children,
}: {
  section: TLegalSection;
  index: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={section.id}>
      <h2 id={section.id}>
        {index + 1}. {section.title}
      </h2>
      {children}
    </section>
  );
}
