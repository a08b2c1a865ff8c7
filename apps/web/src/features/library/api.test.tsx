import type { TFolder } from '@paperbench/contract';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import {
  foldersQuery,
  useFoldersQuery,
  useInvalidateOnPaperAttached,
  useRenameFolderMutation,
  useSelectFileMutation,
} from './api';
import { announcePaperAttached } from './paper-attached';

const file = {
  paper_id: '1706.03762',
  platform: 'arxiv',
  filename: 'Attention',
  paper_URL: null,
  selected: false,
  folder_id: 1,
};
const folders: TFolder[] = [
  { id: 1, name: 'Reading', type: 'folder', is_public: false, files: [file] },
  { id: 2, name: 'Later', type: 'folder', is_public: false, files: [{ ...file, folder_id: 2 }] },
];
const FAILURE = { status: 500, body: { error: 'INTERNAL', message: 'boom' } } as const;

/** A promise the test settles, so what shows while a request is in flight can be checked. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Mounts the hooks as a screen would (the folders read, the event listener) and hands the mutations out. */
let hooks: {
  rename: ReturnType<typeof useRenameFolderMutation>;
  select: ReturnType<typeof useSelectFileMutation>;
};
function Probe() {
  useFoldersQuery();
  useInvalidateOnPaperAttached();
  hooks = { rename: useRenameFolderMutation(), select: useSelectFileMutation() };
  return null;
}

/** GET /api/folders: the first read answers at once, later ones once `later` opens. */
function folderReads(later = gate()) {
  let count = 0;
  const handler = async () => {
    count++;
    if (count > 1) await later.opened;
    return { body: folders };
  };
  return { handler, count: () => count };
}

/** Renders the probe and waits for the first read of the folders. */
async function renderProbe() {
  const { queryClient } = renderWithApp(<Probe />);
  const cached = () => queryClient.getQueryData(foldersQuery().queryKey);
  await waitFor(() => expect(cached()).toEqual(folders));
  return cached;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('library api (requirements §4)', () => {
  it('shows a rename at once and puts the old name back when the server refuses it', async () => {
    const answer = gate();
    const reads = folderReads();
    mockApi({
      'GET /api/folders': reads.handler,
      'PATCH /api/folders/rename': async () => {
        await answer.opened;
        return FAILURE;
      },
    });
    const cached = await renderProbe();
    act(() => hooks.rename.mutate({ folderId: 1, name: 'Renamed' }));
    await waitFor(() => expect(cached()?.[0]?.name).toBe('Renamed'));
    expect(cached()?.[1]?.name).toBe('Later');

    answer.open();
    await waitFor(() => expect(cached()?.[0]?.name).toBe('Reading'));
    // Rolled back from the saved list, not by a read: the read the failure started is still waiting.
    expect(reads.count()).toBe(2);
  });

  it('selects every entry of the paper at once and restores them when the server refuses', async () => {
    const answer = gate();
    const reads = folderReads();
    const fetchMock = mockApi({
      'GET /api/folders': reads.handler,
      'POST /api/chat/update_file_selection': async () => {
        await answer.opened;
        return FAILURE;
      },
    });
    const cached = await renderProbe();
    const selections = () => cached()?.map((folder) => folder.files[0]?.selected);
    act(() => hooks.select.mutate({ file, selected: true }));
    await waitFor(() => expect(selections()).toEqual([true, true]));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/update_file_selection'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ paper_id: '1706.03762', platform: 'arxiv', selected: true });

    answer.open();
    await waitFor(() => expect(selections()).toEqual([false, false]));
    expect(reads.count()).toBe(2);
  });

  it("reads the folders afresh on the 'paper-attached' event", async () => {
    const later = gate();
    later.open();
    const reads = folderReads(later);
    mockApi({ 'GET /api/folders': reads.handler });
    await renderProbe();
    expect(reads.count()).toBe(1);
    act(() => announcePaperAttached());
    await waitFor(() => expect(reads.count()).toBe(2));
  });
});
