import { describe, expect, it } from 'vitest';
import {
  currentOutlineNode,
  destinationTop,
  flattenOutline,
  resolveOutline,
  type TOutlineDoc,
  type TRawOutlineItem,
  topFraction,
} from './outline';

const ref = (num: number) => ({ num, gen: 0 });
/** Page objects 10, 11, 12 are pages 1, 2, 3; 'sec-2' names a destination on page 2. */
const fakeDoc = (outline: TRawOutlineItem[] | null): TOutlineDoc => ({
  getOutline: async () => outline,
  getDestination: async (id) => (id === 'sec-2' ? [ref(11), { name: 'XYZ' }, 72, 500, null] : null),
  getPageIndex: async ({ num }) => {
    if (num < 10 || num > 12) throw new Error('Invalid page reference');
    return num - 10;
  },
});
const item = (title: string, dest: TRawOutlineItem['dest'], items: TRawOutlineItem[] = []) => ({ title, dest, items });

describe('the outline (docs/reading.md#outline)', () => {
  it('resolves named and explicit destinations to a page and a top, nested as in the PDF', async () => {
    const nodes = await resolveOutline(
      fakeDoc([
        item('1 Introduction', [ref(10), { name: 'Fit' }]),
        item('2 Model', 'sec-2', [item('2.1 Attention', [ref(12), { name: 'FitH' }, 300]), item('Broken', [ref(99)])]),
        item('  ', [2, { name: 'XYZ' }, 0, 700, 0]),
        item('Website', null),
      ]),
    );
    expect(nodes).toEqual([
      { title: '1 Introduction', page: 1, top: null, children: [] },
      {
        title: '2 Model',
        page: 2,
        top: 500,
        children: [
          { title: '2.1 Attention', page: 3, top: 300, children: [] },
          { title: 'Broken', page: null, top: null, children: [] },
        ],
      },
      { title: 'Untitled', page: 3, top: 700, children: [] },
      { title: 'Website', page: null, top: null, children: [] },
    ]);
    expect(flattenOutline(nodes).map(({ node, depth }) => `${depth}:${node.title}`)).toEqual([
      '0:1 Introduction',
      '0:2 Model',
      '1:2.1 Attention',
      '1:Broken',
      '0:Untitled',
      '0:Website',
    ]);
    expect(currentOutlineNode(nodes, 2)?.title).toBe('2 Model');
    expect(currentOutlineNode(nodes, 3)?.title).toBe('Untitled');
  });

  it('is empty for a PDF without an outline', async () => {
    expect(await resolveOutline(fakeDoc(null))).toEqual([]);
    expect(currentOutlineNode([], 1)).toBeNull();
  });

  it('reads the top of each kind of destination', () => {
    expect(destinationTop([ref(1), { name: 'XYZ' }, 10, 640, 1.5])).toBe(640);
    expect(destinationTop([ref(1), { name: 'FitBH' }, 400])).toBe(400);
    expect(destinationTop([ref(1), { name: 'FitR' }, 0, 100, 300, 420])).toBe(420);
    expect(destinationTop([ref(1), { name: 'XYZ' }, null, null, null])).toBeNull();
    expect(destinationTop([ref(1), { name: 'FitV' }, 10])).toBeNull();
    expect(topFraction(198, 792)).toBe(0.25);
    expect(topFraction(-5, 792)).toBe(0);
    expect(topFraction(5, 0)).toBe(0);
  });
});
