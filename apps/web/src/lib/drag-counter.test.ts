import { describe, expect, it } from 'vitest';
import { dragReducer, IDLE_DRAG, type TDragEvent } from './drag-counter';

const run = (events: TDragEvent[]) => events.reduce(dragReducer, IDLE_DRAG);

describe('dragReducer (requirements §4 Drag)', () => {
  it('is dragging after an enter', () => {
    expect(run(['enter'])).toEqual({ depth: 1, isDragging: true });
  });

  it('stays dragging while crossing children (enter, enter, leave)', () => {
    expect(run(['enter', 'enter', 'leave'])).toEqual({ depth: 1, isDragging: true });
  });

  it('goes idle when every enter has its leave', () => {
    expect(run(['enter', 'enter', 'leave', 'leave'])).toEqual(IDLE_DRAG);
  });

  it('never counts below zero', () => {
    expect(run(['leave', 'leave', 'enter'])).toEqual({ depth: 1, isDragging: true });
  });

  it('goes idle on drop whatever the count', () => {
    expect(run(['enter', 'enter', 'drop'])).toEqual(IDLE_DRAG);
  });
});
