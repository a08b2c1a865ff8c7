import type { TGrant } from '@paperbench/contract';
import { useId, useState } from 'react';
import { isTruncatable } from '../../lib/paper-format';
import { ShowMoreButton } from '../ui/show-more-button';
import { CALL_STATUS_LABELS, describeGrantDates, formatGrantAmount, KIND_LABELS } from './grant-format';

/** Abstracts longer than this are clamped to a few lines, with Show more. */
const ABSTRACT_CLAMP_LENGTH = 320;
/** Keywords shown before '+N more'. */
const KEYWORDS_SHOWN = 8;

/**
 * One grant: title (a link to the source in a new tab when there is one), agency and kind badges,
 * amount, dates, organisation, principal investigator, the abstract clamped with Show more, keywords.
 */
export function GrantCard({ grant }: { grant: TGrant }) {
  const titleId = useId();
  const amount = formatGrantAmount(grant.amount, grant.currency);
  const dates = describeGrantDates(grant);
  return (
    <article className="grant-card surface-card" aria-labelledby={titleId}>
      <ul className="grant-badges" aria-label="About this grant">
        <li className="grant-badge grant-badge-agency">{grant.agency}</li>
        <li className={`grant-badge grant-badge-${grant.kind}`}>{KIND_LABELS[grant.kind]}</li>
      </ul>
      <h3 id={titleId} className="card-title grant-title">
        {grant.url ? (
          <a href={grant.url} target="_blank" rel="noopener noreferrer">
            {grant.title}
          </a>
        ) : (
          grant.title
        )}
      </h3>
      <dl className="grant-facts">
        {amount && (
          <div className="grant-fact grant-amount">
            <dt>Amount</dt>
            <dd>{amount}</dd>
          </div>
        )}
        {dates && (
          <div className="grant-fact">
            <dt>{grant.kind === 'opportunity' ? 'Deadline' : 'Period'}</dt>
            <dd>
              {dates}
              {grant.call_status && (
                <>
                  {' · '}
                  <span className={`grant-call-status grant-call-status-${grant.call_status}`}>
                    {CALL_STATUS_LABELS[grant.call_status]}
                  </span>
                </>
              )}
            </dd>
          </div>
        )}
        {grant.organisation && (
          <div className="grant-fact">
            <dt>Organisation</dt>
            <dd>{grant.organisation}</dd>
          </div>
        )}
        {grant.pi && (
          <div className="grant-fact">
            <dt>PI</dt>
            <dd>{grant.pi}</dd>
          </div>
        )}
      </dl>
      <GrantAbstract abstract={grant.abstract} />
      {grant.keywords.length > 0 && <Keywords keywords={grant.keywords} />}
    </article>
  );
}

function GrantAbstract({ abstract }: { abstract: string | null }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const textId = useId();
  const text = abstract?.trim();
  if (!text) return <p className="grant-abstract muted">No abstract available.</p>;
  const canExpand = isTruncatable(text, ABSTRACT_CLAMP_LENGTH);
  return (
    <div className="grant-abstract">
      <p id={textId} className={canExpand && !isExpanded ? 'is-clamped' : undefined}>
        {text}
      </p>
      {canExpand && (
        <ShowMoreButton controls={textId} isExpanded={isExpanded} onToggle={() => setIsExpanded(!isExpanded)} />
      )}
    </div>
  );
}

function Keywords({ keywords }: { keywords: readonly string[] }) {
  const [isAll, setIsAll] = useState(false);
  const unique = [...new Set(keywords.map((keyword) => keyword.trim()).filter(Boolean))];
  const shown = isAll ? unique : unique.slice(0, KEYWORDS_SHOWN);
  const hidden = unique.length - shown.length;
  return (
    <ul className="grant-keywords" aria-label="Keywords">
      {shown.map((keyword) => (
        <li key={keyword} className="tag">
          {keyword}
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <button type="button" className="link-button grant-keywords-more" onClick={() => setIsAll(true)}>
            +{hidden} more
          </button>
        </li>
      )}
    </ul>
  );
}
