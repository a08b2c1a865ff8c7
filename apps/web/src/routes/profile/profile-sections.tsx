import { type TProfileCounts, type TSharedFolder, type TSubscription, WEB_ROUTE_PATHS } from '@paperbench/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useAiScorecardQuery } from '../../features/ai-status/api';
import { scorecardHeadline } from '../../features/ai-status/scorecard-headline';
import { useForumListQuery } from '../../features/forum/api';
import { useSubscriptionQuery } from '../../features/subscription/api';
import { useTopicsQuery } from '../../features/topics/api';
import { sharedFolderPath } from '../../lib/app-paths';

/** One card of the profile page, named by its heading. */
export function ProfileCard({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `profile-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={className ? `profile-card ${className}` : 'profile-card'} aria-labelledby={headingId}>
      <header className="profile-card-header">
        <h2 id={headingId}>{title}</h2>
        {action}
      </header>
      {children}
    </section>
  );
}

function LoadFailure({ what, error }: { what: string; error: unknown }) {
  return (
    <p className="profile-error" role="alert">
      {what} could not be loaded: {parseApiError(error).message}
    </p>
  );
}

const COUNT_LABELS: { key: keyof TProfileCounts; label: string }[] = [
  { key: 'folders', label: 'Folders' },
  { key: 'papers', label: 'Papers' },
  { key: 'uploads', label: 'Uploads' },
  { key: 'topics', label: 'Topics' },
  { key: 'chat_sessions', label: 'Chats' },
  { key: 'review_sessions', label: 'Reviews' },
  { key: 'ideas', label: 'Ideas' },
  { key: 'comments', label: 'Comments' },
];

/** The library counts of GET /api/profile. */
export function LibraryCounts({ counts, error }: { counts: TProfileCounts | undefined; error: unknown }) {
  return (
    <ProfileCard title="Your library" className="profile-card-wide">
      {error ? <LoadFailure what="The counts" error={error} /> : null}
      <dl className="profile-stats">
        {COUNT_LABELS.map(({ key, label }) => (
          <div key={key} className="profile-stat">
            <dt>{label}</dt>
            <dd>{counts ? counts[key].toLocaleString('en-US') : '–'}</dd>
          </div>
        ))}
      </dl>
    </ProfileCard>
  );
}

/** The followed topics (requirements §3 Topic); they are managed on the Paper Monitor. */
export function FollowedTopics() {
  const topics = useTopicsQuery();
  return (
    <ProfileCard
      title="Followed topics"
      action={
        <Link to="/monitor" className="profile-card-link">
          Manage
        </Link>
      }
    >
      {topics.isError ? (
        <LoadFailure what="Your topics" error={topics.error} />
      ) : topics.isPending ? (
        <p className="profile-muted">Loading…</p>
      ) : topics.data.length === 0 ? (
        <p className="profile-muted">
          You follow no topics yet. <Link to="/monitor">Follow one on the Paper Monitor</Link>.
        </p>
      ) : (
        <ul className="profile-chips" aria-label="Followed topics">
          {topics.data.map((topic) => (
            <li key={topic} className="profile-chip">
              {topic}
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}

function subscriptionLine(subscription: TSubscription): { state: string; detail: string } {
  switch (subscription.status) {
    case 'active':
      return {
        state: 'Active',
        detail: `${subscription.frequency === 'weekly' ? 'Weekly' : 'Daily'} digests to ${subscription.email ?? 'your address'}.`,
      };
    case 'pending':
      return {
        state: 'Awaiting confirmation',
        detail: `Confirm with the link sent to ${subscription.email ?? 'your address'}.`,
      };
    case 'unsubscribed':
      return { state: 'Unsubscribed', detail: 'No digests are sent.' };
    default:
      return { state: 'Not subscribed', detail: 'Get new papers on your topics by email, daily or weekly.' };
  }
}

/** What the profile says when the server has no SMTP server: nothing can be mailed, so nothing is offered. */
export const MAIL_OFF_NOTE = 'Email digests are off on this server.';

/**
 * The digest subscription's status; it is managed on /subscription. When the server cannot mail
 * (GET /api/subscription's mail_enabled is false: no SMTP_HOST, docs/email.md) the card offers no
 * subscription, only a short note.
 */
export function DigestSubscription() {
  const subscription = useSubscriptionQuery();
  const isMailOff = subscription.data?.mail_enabled === false;
  const line = subscription.data && !isMailOff ? subscriptionLine(subscription.data) : null;
  return (
    <ProfileCard
      title="Email digest"
      action={
        subscription.data && !isMailOff ? (
          <Link to="/subscription" className="profile-card-link">
            {subscription.data.status === 'none' ? 'Subscribe' : 'Manage'}
          </Link>
        ) : null
      }
    >
      {subscription.isError ? (
        <LoadFailure what="Your subscription" error={subscription.error} />
      ) : isMailOff ? (
        <p className="profile-muted">{MAIL_OFF_NOTE}</p>
      ) : line ? (
        <p className="profile-subscription">
          <span className="profile-pill" data-status={subscription.data?.status}>
            {line.state}
          </span>
          <span className="profile-muted">{line.detail}</span>
        </p>
      ) : (
        <p className="profile-muted">Loading…</p>
      )}
    </ProfileCard>
  );
}

/** docs/ai.md#scorecard: which AI answers on this server and its latest scorecard, with the way to its details. */
export function ServerAi() {
  const status = useAiScorecardQuery();
  return (
    <ProfileCard
      title="AI on this server"
      className="profile-card-wide"
      action={
        <Link to={WEB_ROUTE_PATHS.aiSettings} className="profile-card-link">
          Details
        </Link>
      }
    >
      {status.isError ? (
        <LoadFailure what="The AI status" error={status.error} />
      ) : status.data ? (
        <p className="profile-muted">
          {status.data.mode === 'model' ? `Model: ${status.data.model}` : 'No model: answers quote your papers'} ·{' '}
          {status.data.scorecard ? scorecardHeadline(status.data.scorecard) : 'Not measured yet'}
        </p>
      ) : (
        <p className="profile-muted">Loading…</p>
      )}
    </ProfileCard>
  );
}

function FolderLinks({ folders, empty }: { folders: TSharedFolder[]; empty: string }) {
  if (folders.length === 0) return <p className="profile-muted">{empty}</p>;
  return (
    <ul className="profile-folders">
      {folders.map((folder) => (
        <li key={folder.folder_id}>
          <Link to={sharedFolderPath(folder.folder_id)} className="profile-folder-link">
            <span className="profile-folder-name">{folder.name}</span>
            <span className="profile-folder-meta">
              {folder.is_public ? 'Public' : 'Private'}
              {folder.role && folder.role !== 'owner' ? ` · ${folder.role}` : ''}
              {folder.owner_name && folder.role !== 'owner' ? ` · shared by ${folder.owner_name}` : ''}
              {folder.file_count !== undefined
                ? ` · ${folder.file_count} ${folder.file_count === 1 ? 'paper' : 'papers'}`
                : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** GET /api/forum/: the folders the caller shares, and those shared with them (links to /rwf/{id}). */
export function SharedFolders() {
  const forum = useForumListQuery();
  const mine = forum.data?.filter((folder) => folder.role === 'owner') ?? [];
  const others = forum.data?.filter((folder) => folder.role !== 'owner') ?? [];
  return (
    <ProfileCard title="Shared folders" className="profile-card-wide">
      {forum.isError ? (
        <LoadFailure what="Shared folders" error={forum.error} />
      ) : forum.isPending ? (
        <p className="profile-muted">Loading…</p>
      ) : (
        <div className="profile-folder-columns">
          <div>
            <h3>My shared folders</h3>
            <FolderLinks folders={mine} empty="You share no folders yet. Share one from the File List." />
          </div>
          <div>
            <h3>Shared with me</h3>
            <FolderLinks folders={others} empty="No one has shared a folder with you yet." />
          </div>
        </div>
      )}
    </ProfileCard>
  );
}
