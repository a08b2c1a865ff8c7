import { describe, expect, it } from 'vitest';
import { imageBoxes } from './render-page';

describe('the images kept on dark pages (docs/reading.md#dark-pages)', () => {
  it('turns recorded corners into whole-pixel canvas boxes, clipped to the canvas', () => {
    // An upright image over the middle of a 1000×800 canvas, then one hanging off its right edge.
    const coordinates = new Float32Array([0.25, 0.5, 0.25, 0.75, 0.5, 0.5, 0.9, 0, 0.9, 0.1, 1.2, 0]);
    expect(imageBoxes(coordinates, 1000, 800)).toEqual([
      { x: 250, y: 400, width: 250, height: 200 },
      { x: 900, y: 0, width: 100, height: 80 },
    ]);
  });

  it('has none without recorded images, and skips an empty one', () => {
    expect(imageBoxes(null, 100, 100)).toEqual([]);
    expect(imageBoxes([0.5, 0.5, 0.5, 0.5, 0.5, 0.5], 100, 100)).toEqual([]);
  });
});
