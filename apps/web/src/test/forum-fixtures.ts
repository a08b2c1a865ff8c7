import type { TFolder, TFolderFile, TSharedFolder, TSharedFolderComment } from '@paperbench/contract';

/** Test data for the forum and comments (typed by the contract). */
export const sharedFile = (overrides: Partial<TFolderFile> = {}): TFolderFile => ({
  paper_id: '1706.03762',
  platform: 'arxiv',
  filename: 'Attention Is All You Need',
  paper_URL: 'https://export.arxiv.org/pdf/1706.03762',
  selected: false,
  folder_id: 7,
  ...overrides,
});

export const folder = (overrides: Partial<TFolder> = {}): TFolder => ({
  id: 7,
  name: 'Transformers',
  type: 'folder',
  is_public: false,
  files: [sharedFile()],
  abilities: { rename: true, share: true, delete: true, comment: true },
  ...overrides,
});

const ALL = { view: true, comment: true, edit: true, manage: true };

export const sharedFolder = (overrides: Partial<TSharedFolder> = {}): TSharedFolder => ({
  folder_id: 7,
  name: 'Transformers',
  is_public: false,
  users: [
    { email: 'ada@example.org', role: 'owner', name: 'Ada' },
    { email: 'bob@example.org', role: 'commenter', name: null },
  ],
  owner_name: 'Ada',
  role: 'owner',
  file_count: 1,
  abilities: ALL,
  ...overrides,
});

export const viewerFolder = (overrides: Partial<TSharedFolder> = {}) =>
  sharedFolder({
    users: [],
    role: 'viewer',
    abilities: { view: true, comment: false, edit: false, manage: false },
    ...overrides,
  });

export const folderComment = (overrides: Partial<TSharedFolderComment> = {}): TSharedFolderComment => ({
  id: 1,
  folderId: 7,
  content: 'A first comment',
  author_name: 'Bob',
  is_mine: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  parent_id: null,
  abilities: { delete: false },
  ...overrides,
});
