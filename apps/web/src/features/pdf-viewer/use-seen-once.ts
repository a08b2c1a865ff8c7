import { type RefObject, useEffect, useState } from 'react';

/** True from the first time the element comes within `margin` of the root's view (an IntersectionObserver). */
export function useSeenOnce(
  elementRef: RefObject<Element | null>,
  rootRef: RefObject<Element | null>,
  margin: string,
): boolean {
  const [isSeen, setIsSeen] = useState(false);
  useEffect(() => {
    const element = elementRef.current;
    if (!element || isSeen) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsSeen(true);
      },
      { root: rootRef.current, rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementRef, rootRef, margin, isSeen]);
  return isSeen;
}
