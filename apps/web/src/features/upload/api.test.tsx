import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { type TUploadedPaper, useUploadPaperMutation } from './api';

const ref = { paper_id: 'uPl0adEdPaperId_012345', platform: 'upload' };
const body = { file: new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }), title: 'A' };

const mounted: { upload?: ReturnType<typeof useUploadPaperMutation> } = {};
function Probe() {
  mounted.upload = useUploadPaperMutation();
  return null;
}

/** Uploads once through the hook, as the drop flow and the dialog do, and resolves with what they get. */
async function uploadOnce(): Promise<TUploadedPaper> {
  renderWithApp(<Probe />);
  if (!mounted.upload) throw new Error('not mounted');
  return mounted.upload.mutateAsync(body);
}

describe('useUploadPaperMutation (docs/security.md#uploads-of-the-same-bytes)', () => {
  it('a new paper (201) is not one uploaded before', async () => {
    mockApi({ 'POST /api/upload/': () => ({ status: 201, body: ref }) });
    expect(await uploadOnce()).toEqual({ paper: ref, isExisting: false });
  });

  it('the earlier upload of the same bytes (200) is told apart', async () => {
    mockApi({ 'POST /api/upload/': () => ({ status: 200, body: ref }) });
    expect(await uploadOnce()).toEqual({ paper: ref, isExisting: true });
  });
});
