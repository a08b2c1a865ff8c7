import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useFollowTopic, useTopics } from '../topics/use-topics';
import { Icon } from '../ui/icons';

type TTopicChoiceProps = {
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
};

const sameTopic = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The followed topics as toggles (none chosen = all of them), and a field to follow a new one. */
export function TopicChoice({ chosen, onChange }: TTopicChoiceProps) {
  const topics = useTopics();
  const followTopic = useFollowTopic();
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isFollowing, setIsFollowing] = useState(false);
  const isChosen = (topic: string) => chosen.some((item) => sameTopic(item, topic));
  const toggle = (topic: string) =>
    onChange(isChosen(topic) ? chosen.filter((item) => !sameTopic(item, topic)) : [...chosen, topic]);

  const follow = async () => {
    const topic = draft.trim();
    if (!topic) return;
    setIsFollowing(true);
    setFailure(null);
    try {
      const followed = await followTopic.mutateAsync(topic);
      const added = followed.find((item) => sameTopic(item, topic)) ?? topic;
      if (!isChosen(added)) onChange([...chosen, added]);
      setDraft('');
    } catch (error) {
      setFailure(parseApiError(error).message);
    } finally {
      setIsFollowing(false);
    }
  };

  const followed = topics.data ?? [];
  return (
    <fieldset className="field">
      <legend className="field-label">Topics</legend>
      {topics.isPending && <span className="field-hint">Loading your topics…</span>}
      {topics.isError && (
        <span className="field-hint">Your topics could not be loaded: {parseApiError(topics.error).message}</span>
      )}
      {topics.isSuccess && followed.length === 0 && (
        <span className="field-hint">
          You follow no topics yet. Follow one below; the digest lists new papers on it.
        </span>
      )}
      {followed.length > 0 && (
        <>
          <div className="topic-chips">
            {followed.map((topic) => (
              <label key={topic} className="topic-chip">
                <input type="checkbox" checked={isChosen(topic)} onChange={() => toggle(topic)} />
                {isChosen(topic) && <Icon name="check" size={14} />}
                <span>{topic}</span>
              </label>
            ))}
          </div>
          <span className="field-hint">
            {chosen.length === 0
              ? 'None chosen: the digest covers every topic you follow, including ones you add later.'
              : `${chosen.length} of ${followed.length} chosen.`}
          </span>
        </>
      )}
      <div className="topic-follow">
        <input
          type="text"
          value={draft}
          maxLength={100}
          placeholder="Follow a topic, e.g. graph neural networks or cs.CL"
          aria-label="New topic to follow"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter follows the topic instead of submitting the whole form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void follow();
          }}
        />
        <button type="button" className="button" disabled={!draft.trim() || isFollowing} onClick={() => void follow()}>
          <Icon name="plus" />
          Follow
        </button>
      </div>
      {failure && <span className="field-error">{failure}</span>}
    </fieldset>
  );
}
