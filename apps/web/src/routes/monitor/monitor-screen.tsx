import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { CorpusStatus } from '../../features/corpus/corpus-status';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { useFollowTopicMutation, useUnfollowTopicMutation } from '../../features/topics/api';
import { DiscoveryLinks } from '../../features/topics/discovery-links';
import { FollowTopicForm } from '../../features/topics/follow-topic-form';
import { TopicCard } from './topic-card';
import { useMonitor } from './use-monitor';
import './monitor.css';

type TNotice = { kind: 'unfollowed'; topic: string } | { kind: 'failed'; message: string };

/** Paper Monitor (/monitor): followed topics, the papers new since the last visit, follow and unfollow. */
export default function MonitorScreen({ title }: TScreenProps) {
  const { topics, isPending, error } = useMonitor();
  const unfollow = useUnfollowTopicMutation();
  const follow = useFollowTopicMutation();
  const [notice, setNotice] = useState<TNotice | null>(null);

  const remove = async (topic: string) => {
    const removed = await unfollow.mutateAsync(topic);
    setNotice(removed ? { kind: 'unfollowed', topic } : { kind: 'failed', message: `Could not unfollow “${topic}”.` });
  };
  const undo = async (topic: string) => {
    try {
      await follow.mutateAsync(topic);
      setNotice(null);
    } catch (failure) {
      setNotice({ kind: 'failed', message: parseApiError(failure).message });
    }
  };

  return (
    <div className="screen monitor-screen">
      <header className="topic-screen-header">
        <div>
          <h1>{title}</h1>
          <p className="lead">
            Follow topics and see the papers that match them, with what is new since your last visit.
          </p>
        </div>
        <DiscoveryLinks current="/monitor" />
      </header>
      <CorpusStatus />

      <div className="monitor-follow">
        <FollowTopicForm
          label="Follow a topic: a few words, or an arXiv category such as cs.CL"
          autoFocus={topics?.length === 0}
          onFollowed={() => setNotice(null)}
        />
      </div>

      {notice && (
        <div className={notice.kind === 'failed' ? 'notice notice-error' : 'notice'} role="status">
          {notice.kind === 'unfollowed' ? (
            <>
              Unfollowed “{notice.topic}”.{' '}
              <button type="button" className="link-button" onClick={() => void undo(notice.topic)}>
                Undo
              </button>
            </>
          ) : (
            `${notice.message} Please try again.`
          )}
        </div>
      )}

      {isPending && <PaperListSkeleton count={2} />}
      {error && (
        <div className="error-state" role="alert">
          <h2>The monitor could not be loaded</h2>
          <p>{parseApiError(error).message}</p>
        </div>
      )}
      {topics?.length === 0 && (
        <div className="empty-state monitor-empty">
          <h2>You don’t follow any topics yet</h2>
          <p>
            Follow a topic — a few words such as “graph neural networks”, or an arXiv category such as cs.CL — and this
            page lists the papers that match it, counting the ones added since you last looked. The Daily Feed shows
            them first, too.
          </p>
        </div>
      )}
      {topics && topics.length > 0 && (
        <div className="topic-cards">
          {topics.map((topic) => (
            <TopicCard key={topic.topic} topic={topic} onUnfollow={(t) => void remove(t)} />
          ))}
        </div>
      )}
    </div>
  );
}
