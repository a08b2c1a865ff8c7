/** A shared folder's mode (requirements §4: public or private). */
export function ModeBadge({ isPublic }: { isPublic: boolean }) {
  return <span className={isPublic ? 'mode-badge' : 'mode-badge is-private'}>{isPublic ? 'Public' : 'Private'}</span>;
}
