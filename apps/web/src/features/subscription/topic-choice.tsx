import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useFollowTopicMutation, useTopicsQuery } from '../topics/api';
import { Icon } from '../ui/icons';
import styles from './subscription.module.css';

type TTopicChoiceProps = {
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
};

const sameTopic = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The followed topics as toggles (none chosen = all of them), and a field to follow a new one. */
export function TopicChoice({ chosen, onChange }: TTopicChoiceProps) {
  const topics = useTopicsQuery();
  const followTopic = useFollowTopicMutation();
  const [draft, setDraft] = useState('');
  const isChosen = (topic: string) => chosen.some((item) => sameTopic(item, topic));
  const toggle = (topic: string) =>
    onChange(isChosen(topic) ? chosen.filter((item) => !sameTopic(item, topic)) : [...chosen, topic]);

  const follow = () => {
    const topic = draft.trim();
    if (!topic) return;
    followTopic.mutate(topic, {
      onSuccess: (followed) => {
        const added = followed.find((item) => sameTopic(item, topic)) ?? topic;
        if (!isChosen(added)) onChange([...chosen, added]);
        setDraft('');
      },
    });
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
          <div className={styles['topic-chips']}>
            {followed.map((topic) => (
              <label key={topic} className={styles['topic-chip']}>
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
      <div className={styles['topic-follow']}>
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
            follow();
          }}
        />
        <button type="button" className="button" disabled={!draft.trim() || followTopic.isPending} onClick={follow}>
          <Icon name="plus" />
          Follow
        </button>
      </div>
      {followTopic.error && <span className="field-error">{parseApiError(followTopic.error).message}</span>}
    </fieldset>
  );
}
