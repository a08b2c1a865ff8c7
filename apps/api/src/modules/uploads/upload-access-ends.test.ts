import { Readable } from 'node:stream';
import { NO_LONGER_SHARED_FILENAME } from '@paperbench/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallArgs, injectAs } from '../../test-support/collaboration';
import {
  buildFolder,
  buildFolderFile,
  buildFolderMember,
  buildNamedUser,
  buildUpload,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

const TITLE = 'Unpublished results on quiet lattices';

/** Who kept a copy of the upload: a signed-in editor of a private shared folder, or an id-only visitor of a public one. */
type Reader = 'member' | 'anonymous';

/** How the owner of the shared folder (also the uploader) ends the grant. */
type Loss = 'member removed' | 'made private' | 'unshared' | 'file taken out' | 'folder deleted' | 'account deleted';

interface Arranged {
  owner: { id: number; token: string; email: string };
  reader: { id: number; token: string };
  /** A member who keeps their role throughout (member cases). */
  staying: { id: number; token: string };
  folderId: number;
  paperId: string;
  ownFolderId: number;
  sessionId: number;
  signedUrl: string;
  shareId: string;
}

/**
 * docs/collaboration.md#uploads: an upload is readable by its uploader, by whoever holds a role on a
 * shared folder its uploader put it in, and by anyone while such a folder is public. A reader's own
 * copy (attach_paper) is a reference: every read re-checks, so each way the grant ends closes every
 * read of the upload, for a member and for an anonymous visitor, while the reference row stays,
 * shown as "No longer shared with you".
 */
describe.each(testDrivers())('access to an upload ends when its grant ends (%s)', (driver) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (...request: CallArgs) => injectAs(t, ...request);

  async function arrange(kind: Reader): Promise<Arranged> {
    n += 1;
    const owner = await buildNamedUser(t.db, { email: `owner${n}@lab.example`, name: 'Olivia' });
    const upload = await buildUpload(t.db, { ownerId: owner.id, title: TITLE });
    // buildUpload records the stored file; its bytes are put where the row says, so the PDF is served.
    const staged = await t.context.storage.put(Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]), { maxBytes: 1024 });
    await staged.commit(upload.storageKey);
    const folderId = (await buildFolder(t.db, { ownerId: owner.id, name: 'Lab drafts' })).id;
    await buildFolderFile(t.db, { folderId, paper: upload });
    const staying = await buildNamedUser(t.db, { email: `staying${n}@lab.example`, name: 'Sam' });
    let reader: { id: number; token: string };
    if (kind === 'member') {
      const member = await buildNamedUser(t.db, { email: `member${n}@lab.example`, name: 'Mia' });
      await shareFolder(t.db, folderId, { isPublic: false });
      await buildFolderMember(t.db, { folderId, email: member.email, role: 'editor' });
      await buildFolderMember(t.db, { folderId, email: staying.email, role: 'viewer' });
      reader = member;
    } else {
      await shareFolder(t.db, folderId, { isPublic: true });
      reader = await buildUser(t.db);
    }
    const ref = { paper_id: upload.paperId, platform: 'upload' };
    // While the grant holds, the reader keeps a copy and uses it everywhere.
    const attached = await call(reader.token, 'POST', '/api/chat/attach_paper', ref);
    expect(attached.statusCode, attached.body).toBe(201);
    const ownFolderId = (await call(reader.token, 'GET', '/api/folders')).json()[0].id;
    const sessionId = (await call(reader.token, 'POST', '/api/review/sessions', {})).json().id;
    const added = await call(reader.token, 'POST', `/api/review/sessions/${sessionId}/add_files`, {
      paper_ids: [upload.paperId],
      platform: 'upload',
    });
    expect(added.statusCode).toBe(200);
    const target = await call(reader.token, 'POST', '/api/review/target_paper', { session_id: sessionId, ...ref });
    expect(target.statusCode).toBe(200);
    const signed = await call(reader.token, 'GET', `/api/uploads/${upload.paperId}/pdf-url`);
    expect(signed.statusCode).toBe(200);
    const shared = await call(reader.token, 'POST', '/api/share', { files: [ref] });
    expect(shared.statusCode).toBe(201);
    return {
      owner,
      reader,
      staying,
      folderId,
      paperId: upload.paperId,
      ownFolderId,
      sessionId,
      signedUrl: signed.json().url,
      shareId: shared.json().share_id,
    };
  }

  async function endGrant(a: Arranged, loss: Loss) {
    const owner = a.owner.token;
    const done = {
      'member removed': () =>
        call(owner, 'DELETE', `/api/forum/${a.folderId}/remove_user`, { email: `member${n}@lab.example` }),
      'made private': () => call(owner, 'PATCH', `/api/forum/${a.folderId}/mode`, { is_public: false }),
      unshared: () => call(owner, 'DELETE', `/api/forum/${a.folderId}`),
      'file taken out': () => call(owner, 'DELETE', `/api/folders/${a.folderId}/files/${a.paperId}?platform=upload`),
      'folder deleted': () => call(owner, 'DELETE', `/api/folders/${a.folderId}`),
      'account deleted': () => call(owner, 'DELETE', '/api/profile', { confirm: 'delete my account' }),
    }[loss];
    const response = await done();
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  /** Every read of the upload, each as the status it answers the reader (and its body, where a 200 must hide it). */
  async function reads(a: Arranged, token: string) {
    const ref = { paper_id: a.paperId, platform: 'upload' };
    const status = async (method: InjectOptions['method'], url: string, payload?: object) =>
      (await call(token, method, url, payload)).statusCode;
    return {
      metadata: await status('POST', '/api/chat/get_paper', ref),
      pdfUrl: await status('GET', `/api/uploads/${a.paperId}/pdf-url`),
      pdf: await status('GET', `/api/uploads/${a.paperId}/pdf`),
      signedPdf: (await t.app.inject({ url: a.signedUrl })).statusCode,
      text: await status('POST', '/api/chat/process_embeddings', ref),
      comments: await status('GET', `/api/comments/paper/${a.paperId}?platform=upload`),
      attach: await status('POST', '/api/chat/attach_paper', ref),
      shareAgain: await status('POST', '/api/share', { files: [ref] }),
      chat: await status('POST', '/api/chat/stream_chat', { message: 'What is it about?', selected_files: [ref] }),
      reviewAdd: await status('POST', `/api/review/sessions/${a.sessionId}/add_files`, {
        paper_ids: [a.paperId],
        platform: 'upload',
      }),
      analyze: await status('POST', '/api/improved-conversational/analyze-paper', {
        turns: [{ role: 'user', text: 'Summarise it' }],
        ...ref,
      }),
      ideas: await status('POST', '/api/ideas/generate', { topic: 'lattices', selected_files: [ref] }),
    };
  }

  const everyRead = (value: number) => ({
    metadata: value,
    pdfUrl: value,
    pdf: value,
    signedPdf: value,
    text: value,
    comments: value,
    attach: value,
    shareAgain: value,
    chat: value,
    reviewAdd: value,
    analyze: value,
    ideas: value,
  });

  /**
   * What the reader's own rows show once the grant is gone: the reference, without the paper. An
   * account deleted takes its uploads, and every reference to them, along.
   */
  async function expectOnlyTheReference(a: Arranged, loss: Loss) {
    const token = a.reader.token;
    const files = (await call(token, 'GET', '/api/chat/files')).json();
    const reference = expect.objectContaining({
      paper_id: a.paperId,
      platform: 'upload',
      filename: NO_LONGER_SHARED_FILENAME,
      paper_URL: null,
      unavailable: true,
    });
    expect(files).toEqual(loss === 'account deleted' ? [] : [reference]);
    const hidden = [
      await call(token, 'GET', '/api/chat/files'),
      await call(token, 'GET', '/api/folders'),
      await call(token, 'GET', `/api/folders/${a.ownFolderId}/files`),
      await call(token, 'GET', `/api/folders/${a.ownFolderId}/export?format=bibtex`),
      await call(token, 'GET', '/api/profile/export'),
      await call(token, 'GET', '/api/profile/library.bib'),
    ];
    for (const response of hidden) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(TITLE);
    }
    const session = a.sessionId;
    expect((await call(token, 'GET', `/api/review/sessions/${session}/files`)).json()).toEqual([]);
    expect((await call(token, 'GET', `/api/review/graph?session_id=${session}`)).json().nodes).toEqual([]);
    expect((await call(token, 'GET', `/api/review/target_paper?session_id=${session}`)).json()).toEqual({
      target_paper: null,
    });
    const list = (await call(token, 'GET', `/api/share/${a.shareId}`)).json();
    expect(list).toMatchObject({ papers: [], withheld: loss === 'account deleted' ? 0 : 1 });
  }

  /** The AI routes answer a readable paper with 200 (or start a stream); only their refusal matters here. */
  const readable = (answers: Record<string, number>) =>
    Object.fromEntries(Object.entries(answers).map(([name, status]) => [name, status < 300 ? 'ok' : status]));

  const CASES: [Reader, Loss][] = [
    ['member', 'member removed'],
    ['member', 'unshared'],
    ['member', 'file taken out'],
    ['member', 'folder deleted'],
    ['member', 'account deleted'],
    ['anonymous', 'made private'],
    ['anonymous', 'unshared'],
    ['anonymous', 'file taken out'],
    ['anonymous', 'folder deleted'],
    ['anonymous', 'account deleted'],
  ];

  it.each(CASES)('%s reader who kept a copy loses every read once %s', async (kind, loss) => {
    const a = await arrange(kind);
    const before = readable(await reads(a, a.reader.token));
    // attach and shareAgain answer 200/201 for a paper already held or shared: readable all the same.
    expect(before).toEqual(
      Object.fromEntries(Object.keys(everyRead(0)).map((name) => [name, 'ok'])) as Record<string, unknown>,
    );

    await endGrant(a, loss);

    expect(await reads(a, a.reader.token)).toEqual(everyRead(404));
    await expectOnlyTheReference(a, loss);
  });

  it('keeps every read for a member who stays when another member is removed', async () => {
    const a = await arrange('member');
    await endGrant(a, 'member removed');
    expect(readable(await reads(a, a.staying.token))).toMatchObject({ metadata: 'ok', pdfUrl: 'ok', pdf: 'ok' });
    expect(await reads(a, a.reader.token)).toEqual(everyRead(404));
  });

  it('keeps reading for a member whose role is lowered to viewer (every role reads)', async () => {
    const a = await arrange('member');
    const lowered = await call(a.owner.token, 'PATCH', `/api/forum/${a.folderId}/update_user_role`, {
      email: `member${n}@lab.example`,
      role: 'viewer',
    });
    expect(lowered.statusCode).toBe(200);
    expect(readable(await reads(a, a.reader.token))).toMatchObject({ metadata: 'ok', pdfUrl: 'ok', pdf: 'ok' });
  });

  it('does not let a reader re-share an upload through a shared folder of their own', async () => {
    const a = await arrange('member');
    // The member puts their copy in a folder they own and publish: a reference placed by them, no grant.
    const own = await call(a.reader.token, 'POST', '/api/folders/', { name: 'Mine, public' });
    const ownId = own.json().id;
    const ref = { paper_id: a.paperId, platform: 'upload' };
    expect((await call(a.reader.token, 'POST', `/api/folders/${ownId}/files`, ref)).statusCode).toBe(201);
    expect((await call(a.reader.token, 'POST', '/api/forum/', { folder_id: ownId, is_public: true })).statusCode).toBe(
      201,
    );
    const stranger = await buildUser(t.db);
    expect((await call(stranger.token, 'GET', `/api/uploads/${a.paperId}/pdf-url`)).statusCode).toBe(404);
    const listed = (await call(stranger.token, 'GET', `/api/folders/${ownId}/files`)).json();
    expect(listed).toEqual([expect.objectContaining({ paper_id: a.paperId, unavailable: true })]);

    await endGrant(a, 'member removed');
    expect(await reads(a, a.reader.token)).toEqual(everyRead(404));
  });
});
