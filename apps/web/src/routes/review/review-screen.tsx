import { paperRefKey } from '@paperbench/contract';
import { useEffect, useRef, useState } from 'react';
import type { TScreenProps } from '../../app/screen-props';
import { useAiStatusQuery } from '../../features/chat/api';
import {
  useCreateReviewSessionMutation,
  useDeleteReviewSessionMutation,
  useRenameReviewSessionMutation,
  useReviewFilesQuery,
  useReviewGraphQuery,
  useReviewSessionsQuery,
  useTargetPaperQuery,
} from '../../features/review/api';
import { GraphPane } from '../../features/review/graph-pane';
import { PapersPane } from '../../features/review/papers-pane';
import { ReviewChatPane, useReviewChatStream } from '../../features/review/review-chat-pane';
import { ReviewTabs, type TReviewTab } from '../../features/review/review-tabs';
import { useWriteStream } from '../../features/review/use-write-stream';
import { WritePane } from '../../features/review/write-pane';
import { SessionsSidebar, type TSessionsSource } from '../chat/sessions-sidebar';
import '../chat/chat.css';
import './review.css';

/** Asked before a review session is deleted. */
export const DELETE_REVIEW_CONFIRM = 'Delete this review with its papers, graph, drafts and messages?';

const REVIEW_SESSIONS: TSessionsSource = {
  useSessions: useReviewSessionsQuery,
  useCreate: useCreateReviewSessionMutation,
  useRename: useRenameReviewSessionMutation,
  useDelete: useDeleteReviewSessionMutation,
  words: {
    list: 'Reviews',
    new: 'New review',
    title: 'Review title',
    empty: 'No reviews yet. Start one to gather its papers.',
    deleteConfirm: DELETE_REVIEW_CONFIRM,
  },
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One review session: its papers, graph, draft and chat, as tabs. */
function ReviewSession({ sessionId, isOffline }: { sessionId: number; isOffline: boolean }) {
  const [tab, setTab] = useState<TReviewTab>('Papers');
  const files = useReviewFilesQuery(sessionId);
  const graph = useReviewGraphQuery(sessionId);
  const target = useTargetPaperQuery(sessionId);
  const targetKey = target.data ? paperRefKey(target.data) : null;
  const proposals = graph.data?.proposals.length ?? 0;
  // Kept here, not in the panes: a draft or an answer streaming in survives a switch of tabs.
  const writer = useWriteStream(sessionId);
  const chat = useReviewChatStream(sessionId, files.data);
  return (
    <ReviewTabs
      current={tab}
      onChange={setTab}
      badges={{
        Papers: files.data && { shown: String(files.data.length), said: plural(files.data.length, 'paper') },
        Graph:
          proposals > 0
            ? { shown: `+${proposals}`, said: plural(proposals, 'proposed link') }
            : graph.data && { shown: String(graph.data.edges.length), said: plural(graph.data.edges.length, 'link') },
      }}
    >
      {tab === 'Papers' && (
        <PapersPane
          sessionId={sessionId}
          files={files.data}
          filesError={files.error}
          nodes={graph.data?.nodes}
          target={target.data ?? null}
        />
      )}
      {tab === 'Graph' && <GraphPane sessionId={sessionId} files={files.data} targetKey={targetKey} />}
      {tab === 'Write' && (
        <WritePane
          sessionId={sessionId}
          writer={writer}
          files={files.data}
          hasLinks={(graph.data?.edges.length ?? 0) > 0}
          isOffline={isOffline}
        />
      )}
      {tab === 'Chat' && <ReviewChatPane sessionId={sessionId} files={files.data} chat={chat} />}
    </ReviewTabs>
  );
}

/**
 * requirements §2 /review: review-writing sessions (requirements §3). Gather papers, draw how they relate, have the
 * AI write a related-work section from that graph, and ask grounded questions (docs/review.md).
 */
export default function ReviewScreen({ title }: TScreenProps) {
  const [sessionId, setSessionId] = useState<number | null>(null);
  const aiStatus = useAiStatusQuery();
  const sessions = useReviewSessionsQuery();
  // The screen opens on the most recently updated review, once: after that the user's choice (or a
  // deleted session's null) stands.
  const opened = useRef(false);
  const mostRecent = sessions.data?.[0]?.id;
  useEffect(() => {
    if (opened.current || mostRecent === undefined) return;
    opened.current = true;
    setSessionId((current) => current ?? mostRecent);
  }, [mostRecent]);
  return (
    <section className="screen chat-screen review-screen">
      <SessionsSidebar selectedId={sessionId} onSelect={setSessionId} source={REVIEW_SESSIONS} />
      <div className="review-main form-controls">
        <h1>{title}</h1>
        {sessionId === null ? (
          <div className="chat-thread-empty">
            <h2>Write a related-work section from a graph of papers</h2>
            <p>
              Start a review with New review, add its papers, link them (“extends”, “compares with”, …), then write the
              section: every claim cites one of your papers.
            </p>
          </div>
        ) : (
          <ReviewSession key={sessionId} sessionId={sessionId} isOffline={aiStatus.data?.mode === 'extractive'} />
        )}
      </div>
    </section>
  );
}
