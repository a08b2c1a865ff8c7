/** A shared folder's mode (spec §4: public or private). */
export function ModeBadge({ isPublic }: { isPublic: boolean }) {
  return <span className={isPublic ? 'mode-badge' : 'mode-badge is-private'}>{isPublic ? 'Public' : 'Private'}</span>;
}
