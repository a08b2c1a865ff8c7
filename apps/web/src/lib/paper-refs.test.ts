import type { TFolder } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { distinctFiles, isChatContext } from './paper-refs';

const file = (paper_id: string, extra: { selected?: boolean; unavailable?: true } = {}) => ({
  paper_id,
  platform: 'upload',
  filename: paper_id,
  paper_URL: null,
  selected: false,
  folder_id: 1,
  ...extra,
});
const folders: TFolder[] = [
  { id: 1, name: 'A', type: 'folder', is_public: false, files: [file('x'), file('gone', { unavailable: true })] },
  { id: 2, name: 'B', type: 'folder', is_public: false, files: [file('x')] },
];

describe('distinctFiles', () => {
  it('counts a paper once across folders, unavailable ones unless left out', () => {
    expect(distinctFiles(folders).map((f) => f.paper_id)).toEqual(['x', 'gone']);
    expect(distinctFiles(folders, { includeUnavailable: false }).map((f) => f.paper_id)).toEqual(['x']);
  });
});

describe('isChatContext', () => {
  it('counts selected papers, never an unavailable one', () => {
    expect(isChatContext({ selected: true })).toBe(true);
    expect(isChatContext({ selected: false })).toBe(false);
    expect(isChatContext({ selected: true, unavailable: true })).toBe(false);
  });
});
