/** Grey placeholder cards while a list of papers loads. */
export function PaperListSkeleton({ count }: { count: number }) {
  return (
    <div className="paper-list" role="status" aria-label="Loading papers">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical static placeholders
        <div key={index} className="paper-card surface-card skeleton-card" aria-hidden="true">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      ))}
    </div>
  );
}
