/**
 * requirements §4 Drag: idle or dragging, driven by a counter of enter and leave events (dragenter/dragleave
 * fire for every child element crossed, so only the count tells whether the pointer left the panel).
 */
export type TDragState = { depth: number; isDragging: boolean };
export type TDragEvent = 'enter' | 'leave' | 'drop';

export const IDLE_DRAG: TDragState = { depth: 0, isDragging: false };

export function dragReducer(state: TDragState, event: TDragEvent): TDragState {
  if (event === 'drop') return IDLE_DRAG;
  const depth = event === 'enter' ? state.depth + 1 : Math.max(0, state.depth - 1);
  return { depth, isDragging: depth > 0 };
}
