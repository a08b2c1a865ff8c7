import { paperRefKey, type TAnnotationCount, type TPaperRef } from '@paperbench/contract';
import { useAnnotationCountsQuery, useFolderUnreadQuery } from './api';
import './panel.css';

export const marksLabel = (count: number) => (count === 1 ? '1 mark' : `${count} marks`);

/**
 * The File List row's badges (docs/annotations.md#the-annotations-panel): how many marks the caller sees
 * on the paper, and how many unread in their threads; nothing when there are none.
 */
export function MarkCountBadges({ count }: { count: TAnnotationCount | undefined }) {
  if (!count) return null;
  return (
    <>
      {count.annotation_count > 0 && (
        <span
          className="annotations-count"
          role="img"
          aria-label={marksLabel(count.annotation_count)}
          title={marksLabel(count.annotation_count)}
        >
          {count.annotation_count}
        </span>
      )}
      {count.unread_count > 0 && (
        <span
          className="annotations-count is-unread"
          role="img"
          aria-label={`${count.unread_count} unread`}
          title="Unread in the threads of its marks"
        >
          {count.unread_count} unread
        </span>
      )}
    </>
  );
}

/** The paper page's "N marks" (and "N unread"), once the count is known. */
export function PaperMarkCount({ paper }: { paper: TPaperRef }) {
  const counts = useAnnotationCountsQuery([paper]);
  const count = counts.data?.get(paperRefKey(paper));
  if (!count) return null;
  return (
    <span className="annotations-count">
      {marksLabel(count.annotation_count)}
      {count.unread_count > 0 && `, ${count.unread_count} unread`}
    </span>
  );
}

/** The shared folder page's count of what is unread in the threads of the marks shared with it. */
export function FolderUnreadCount({ folderId }: { folderId: number }) {
  const unread = useFolderUnreadQuery(folderId).data ?? 0;
  if (unread === 0) return null;
  return <span className="annotations-count is-unread">{unread} unread in marks' threads</span>;
}
