import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export const REVIEW_TABS = ['Papers', 'Graph', 'Write', 'Chat'] as const;
export type TReviewTab = (typeof REVIEW_TABS)[number];

type TReviewTabsProps = {
  current: TReviewTab;
  onChange: (tab: TReviewTab) => void;
  /** A count beside a tab's name as shown ("3") and as read out ("3 papers"). */
  badges?: Partial<Record<TReviewTab, { shown: string; said: string }>>;
  children: ReactNode;
};

/** WAI-ARIA tabs: arrows, Home and End move between them; only the current panel is rendered. */
export function ReviewTabs({ current, onChange, badges = {}, children }: TReviewTabsProps) {
  const id = useId();
  const refs = useRef<Partial<Record<TReviewTab, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent) => {
    const index = REVIEW_TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? REVIEW_TABS[(index + 1) % REVIEW_TABS.length]
        : event.key === 'ArrowLeft'
          ? REVIEW_TABS[(index + REVIEW_TABS.length - 1) % REVIEW_TABS.length]
          : event.key === 'Home'
            ? REVIEW_TABS[0]
            : event.key === 'End'
              ? REVIEW_TABS[REVIEW_TABS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div className="review-tabs" role="tablist" aria-label="Review" onKeyDown={move}>
        {REVIEW_TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab}`}
            aria-controls={`${id}-panel`}
            aria-selected={tab === current}
            tabIndex={tab === current ? 0 : -1}
            className={tab === current ? 'review-tab is-current' : 'review-tab'}
            onClick={() => onChange(tab)}
          >
            {tab}
            {badges[tab] && (
              <span className="review-tab-badge">
                <span aria-hidden="true">{badges[tab].shown}</span>
                <span className="visually-hidden">, {badges[tab].said}</span>
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="review-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current}`}>
        {children}
      </div>
    </>
  );
}
