import { type RefObject, useEffect } from 'react';

/**
 * Calls onDismiss on a pointer press outside every given element, or on Escape, while active.
 * (requirements §2 site metric: a click outside closes the popover.)
 */
export function useDismiss(
  isActive: boolean,
  insideRefs: readonly RefObject<HTMLElement | null>[],
  onDismiss: () => void,
): void {
  useEffect(() => {
    if (!isActive) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (insideRefs.some((ref) => ref.current?.contains(target))) return;
      onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isActive, insideRefs, onDismiss]);
}
