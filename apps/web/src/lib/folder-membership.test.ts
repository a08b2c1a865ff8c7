import type { TFolder, TFolderFile } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { describeFolderMembership, folderNamesByRef, folderNamesOf } from './folder-membership';

const file = (paper_id: string, platform = 'arxiv'): TFolderFile => ({
  paper_id,
  platform,
  filename: paper_id,
  paper_URL: null,
  selected: false,
  folder_id: 1,
});
const folder = (id: number, name: string, files: TFolderFile[]): TFolder => ({
  id,
  name,
  type: 'folder',
  is_public: false,
  files,
});

const folders = [
  folder(1, 'GNN reading', [file('1903.06059'), file('abc', 'upload')]),
  folder(2, 'Thesis', [file('1903.06059')]),
  folder(3, 'Empty', []),
];

describe('folderNamesByRef', () => {
  it('lists each paper’s folders in folder order, keyed by platform and id', () => {
    const byRef = folderNamesByRef(folders);
    expect(byRef.get('arxiv:1903.06059')).toEqual(['GNN reading', 'Thesis']);
    expect(byRef.get('upload:abc')).toEqual(['GNN reading']);
    expect(byRef.get('arxiv:abc')).toBeUndefined();
  });

  it('is built once per folders list, so every card reads the same map', () => {
    expect(folderNamesOf(folders, 'arxiv:1903.06059')).toBe(folderNamesOf(folders, 'arxiv:1903.06059'));
    expect(folderNamesOf(folders, 'arxiv:none')).toEqual([]);
  });
});

describe('describeFolderMembership', () => {
  it('says nothing for a paper in no folder', () => {
    expect(describeFolderMembership([])).toBeNull();
  });

  it('names one or two folders in full', () => {
    expect(describeFolderMembership(['GNN reading'])).toEqual({
      shown: 'In: GNN reading',
      spoken: 'In your folders: GNN reading',
    });
    expect(describeFolderMembership(['GNN reading', 'Thesis'])?.shown).toBe('In: GNN reading, Thesis');
  });

  it('names the first of three or more and counts the rest; the spoken text names them all', () => {
    expect(describeFolderMembership(['GNN reading', 'Thesis', 'Later'])).toEqual({
      shown: 'In: GNN reading +2',
      spoken: 'In your folders: GNN reading, Thesis, Later',
    });
  });
});
