import { useState } from 'react';
import { Link } from 'react-router';
import { useTopicsQuery } from '../../features/topics/api';
import { FollowTopicForm } from '../../features/topics/follow-topic-form';

/** The feed's way to follow: a prompt when nothing is followed, else the followed topics and a form on demand. */
export function FollowShortcut() {
  const { data: topics } = useTopicsQuery();
  const [isOpen, setIsOpen] = useState(false);
  if (!topics) return null;
  if (topics.length === 0) {
    return (
      <div className="follow-prompt">
        <div>
          <h2 className="follow-prompt-title">Make this feed yours</h2>
          <p className="follow-prompt-text">
            Follow a topic and the day’s papers that match it come first, each saying why it is shown.
          </p>
        </div>
        <FollowTopicForm label="Topic to follow" isLabelHidden />
      </div>
    );
  }
  return (
    <div className="followed-topics">
      <span className="followed-topics-label">Following</span>
      <ul className="followed-topics-list">
        {topics.map((topic) => (
          <li key={topic} className="topic-chip">
            {topic}
          </li>
        ))}
      </ul>
      <span className="followed-topics-actions">
        <button type="button" className="link-button" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          {isOpen ? 'Close' : 'Follow another'}
        </button>
        <Link className="link-button" to="/monitor">
          Manage
        </Link>
      </span>
      {isOpen && (
        <div className="followed-topics-form">
          <FollowTopicForm label="Topic to follow" isLabelHidden autoFocus onFollowed={() => setIsOpen(false)} />
        </div>
      )}
    </div>
  );
}
