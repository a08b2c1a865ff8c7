import { linkify } from '../../lib/linkify';

/**
 * A comment's plain text as React text nodes (escaped: markup shows as typed; never
 * dangerouslySetInnerHTML), with its http(s) URLs as links that open in a new tab, share no referrer or
 * opener, and are marked as user content.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="comment-text">
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed text, in order.
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed text, in order.
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
