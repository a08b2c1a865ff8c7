import { describe, expect, it } from 'vitest';
import { boundsOf, dragRect, mergeLineRects, toPageFractions } from './page-rects';

const page = { left: 100, top: 50, width: 600, height: 800 };

describe('mergeLineRects', () => {
  it('merges the runs of one line and keeps lines apart, dropping empty rects', () => {
    const lines = mergeLineRects([
      { left: 300, top: 100, right: 400, bottom: 112 },
      { left: 120, top: 101, right: 310, bottom: 113 },
      { left: 400, top: 100, right: 400, bottom: 112 },
      { left: 120, top: 116, right: 250, bottom: 128 },
    ]);
    expect(lines).toEqual([
      { left: 120, top: 100, right: 400, bottom: 113 },
      { left: 120, top: 116, right: 250, bottom: 128 },
    ]);
  });
});

describe('mergeLineRects across columns', () => {
  it('keeps the same line of two columns apart', () => {
    expect(
      mergeLineRects([
        { left: 100, top: 100, right: 300, bottom: 112 },
        { left: 400, top: 100, right: 600, bottom: 112 },
      ]),
    ).toHaveLength(2);
  });
});

describe('toPageFractions', () => {
  it('gives fractions of the page from its top-left corner', () => {
    expect(toPageFractions([{ left: 160, top: 130, right: 400, bottom: 170 }], page)).toEqual([
      { x: 0.1, y: 0.1, width: 0.4, height: expect.closeTo(0.05, 10) },
    ]);
  });

  it('clamps into the page and drops what lies outside it', () => {
    const [rect] = toPageFractions([{ left: 50, top: 800, right: 800, bottom: 900 }], page);
    expect(rect).toEqual({ x: 0, y: 0.9375, width: 1, height: 0.0625 });
    expect(toPageFractions([{ left: 0, top: 0, right: 90, bottom: 40 }], page)).toEqual([]);
    expect(toPageFractions([{ left: 0, top: 0, right: 90, bottom: 40 }], { ...page, width: 0 })).toEqual([]);
  });
});

describe('dragRect and boundsOf', () => {
  it('a drag in any direction is the same rectangle', () => {
    expect(dragRect({ x: 400, y: 450 }, { x: 160, y: 130 }, page)).toEqual(
      dragRect({ x: 160, y: 130 }, { x: 400, y: 450 }, page),
    );
  });

  it('bounds the rectangles', () => {
    expect(
      boundsOf([
        { x: 0.2, y: 0.1, width: 0.5, height: 0.02 },
        { x: 0.1, y: 0.12, width: 0.2, height: 0.02 },
      ]),
    ).toEqual({ x: 0.1, y: 0.1, width: 0.6, height: expect.closeTo(0.04, 10) });
    expect(boundsOf([])).toBeNull();
  });
});
