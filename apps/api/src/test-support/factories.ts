import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  annotations,
  folderFiles,
  folderMembers,
  folders,
  grants,
  papers,
  paperTexts,
  passages,
  storedFiles,
  uploads,
  userSessions,
  users,
} from '../db/schema';
import type { NewPaper } from '../ingest/arxiv-record';
import type { NewGrant } from '../ingest/grants/grant-record';
import { generateUserToken, hashUserToken } from '../lib/user-token';
import { insertUser } from '../modules/identity/identity.repo';

/** Inserts a paper with sensible defaults; tests name only the fields they care about. */
export async function buildPaper(db: Db, overrides: Partial<NewPaper> = {}): Promise<NewPaper> {
  const paper: NewPaper = {
    platform: 'arxiv',
    paperId: `test.${randomBytes(4).toString('hex')}`,
    title: 'An untitled test paper',
    authors: ['Ada Lovelace'],
    abstract: 'A paper made by the test factory.',
    categories: ['cs.DL'],
    publishedDate: '2019-06-01',
    pdfUrl: null,
    ...overrides,
  };
  await db.insert(papers).values(paper);
  return paper;
}

/** Inserts a grant (docs/grants.md#fields) with sensible defaults: a funded award of a test source. */
export async function buildGrant(db: Db, overrides: Partial<NewGrant> = {}): Promise<NewGrant> {
  const grant: NewGrant = {
    source: 'test',
    sourceId: randomBytes(4).toString('hex'),
    kind: 'award',
    title: 'An untitled test grant',
    abstract: 'A grant made by the test factory.',
    agency: 'Test Agency',
    organisation: 'Test University',
    pi: 'Ada Lovelace',
    amount: 100_000,
    currency: 'USD',
    startDate: '2020-01-01',
    endDate: '2022-12-31',
    closeDate: null,
    keywords: [],
    url: null,
    ...overrides,
  };
  await db.insert(grants).values(grant);
  return grant;
}

/** A user with the token a client would send as X-User-ID. */
export async function buildUser(db: Db): Promise<{ id: number; token: string }> {
  const token = generateUserToken();
  return { id: await insertUser(db, token), token };
}

/**
 * Names a user as sign-in would (docs/security.md#sessions), without an identity provider:
 * provider_subject 'test:<email>', the email lower-cased, the name and signed_in_at.
 */
export async function nameUser(db: Db, userId: number, { email, name }: { email: string; name: string }) {
  const lower = email.toLowerCase();
  await db
    .update(users)
    .set({ providerSubject: `test:${lower}`, email: lower, name, signedInAt: new Date() })
    .where(eq(users.id, userId));
}

/** A user named at once (nameUser), with the token a client would send as X-User-ID. */
export async function buildNamedUser(db: Db, { email, name }: { email: string; name: string }) {
  const user = await buildUser(db);
  await nameUser(db, user.id, { email, name });
  return { ...user, email: email.toLowerCase(), name };
}

/** Shares a folder as POST /api/forum/ would (type 'shared', public or private). */
export async function shareFolder(db: Db, folderId: number, { isPublic = false }: { isPublic?: boolean } = {}) {
  await db.update(folders).set({ type: 'shared', isPublic }).where(eq(folders.id, folderId));
}

/** Gives an email a role on a folder, as POST /api/forum/{id}/add_user would. */
export async function buildFolderMember(
  db: Db,
  { folderId, email, role }: { folderId: number; email: string; role: 'editor' | 'commenter' | 'viewer' },
) {
  await db.insert(folderMembers).values({ folderId, email: email.toLowerCase(), role });
}

/** Inserts a folder of the given owner (a new user when none is given). */
export async function buildFolder(db: Db, { ownerId, name = 'Test folder' }: { ownerId?: number; name?: string } = {}) {
  const owner = ownerId ?? (await buildUser(db)).id;
  const [row] = await db.insert(folders).values({ ownerId: owner, name }).returning();
  if (!row) throw new Error('folder insert returned no row');
  return row;
}

/** Puts a paper (a new arXiv paper when none is given) into a folder. */
export async function buildFolderFile(
  db: Db,
  {
    folderId,
    paper,
    selected = false,
    addedAt,
    addedBy,
  }: {
    folderId: number;
    paper?: { platform?: string; paperId: string };
    selected?: boolean;
    /** Default: now. PGlite's clock has millisecond steps, so files added back to back can tie. */
    addedAt?: Date;
    /** Who placed it (an upload's grant: docs/collaboration.md#uploads). Default: the folder's owner. */
    addedBy?: number;
  },
) {
  const { platform = 'arxiv', paperId } = paper ?? (await buildPaper(db));
  const placer = addedBy ?? sql`(select ${folders.ownerId} from ${folders} where ${folders.id} = ${folderId})`;
  await db
    .insert(folderFiles)
    .values({ folderId, platform, paperId, selected, addedBy: placer, ...(addedAt ? { addedAt } : {}) });
  return { platform, paperId };
}

/**
 * An uploaded paper as the uploads module leaves it: the stored blob, the papers row of platform
 * 'upload' and the uploads row naming its owner (the bytes themselves are not needed here).
 */
export async function buildUpload(
  db: Db,
  { ownerId, title = 'My private draft' }: { ownerId: number; title?: string },
) {
  const paperId = `up-${randomBytes(6).toString('hex')}`;
  const contentHash = createHash('sha256').update(paperId).digest('hex');
  await db.insert(storedFiles).values({
    contentHash,
    storageKey: `test/${contentHash}`,
    byteSize: 1234,
    mimeType: 'application/pdf',
  });
  await buildPaper(db, { platform: 'upload', paperId, title, categories: [], pdfUrl: null });
  await db.insert(uploads).values({ paperId, ownerId, contentHash, originalFilename: `${title}.pdf` });
  return { platform: 'upload', paperId, title, storageKey: `test/${contentHash}` };
}

/**
 * A paper's passages as the full-text pipeline stores them (docs/ai.md#full-text-and-passages), one per
 * text, on the pages given (page 1 by default), for retrieval tests that need no PDF.
 */
export async function buildPassages(
  db: Db,
  paper: { platform?: string; paperId: string },
  texts: readonly (string | { text: string; page: number })[],
) {
  const rows = texts.map((entry, ordinal) => {
    const { text, page } = typeof entry === 'string' ? { text: entry, page: 1 } : entry;
    return {
      platform: paper.platform ?? 'arxiv',
      paperId: paper.paperId,
      ordinal,
      page,
      charStart: 0,
      charEnd: text.length,
      text,
    };
  });
  await db.insert(passages).values(rows);
}

/** A paper's text as extraction leaves it ready (docs/annotations.md#offsets-into-the-extracted-page-text): one string a page. */
export async function buildPageTexts(db: Db, paper: { platform?: string; paperId: string }, pages: readonly string[]) {
  await db.insert(paperTexts).values({
    platform: paper.platform ?? 'arxiv',
    paperId: paper.paperId,
    status: 'ready',
    text: pages.join('\n'),
    pageCount: pages.length,
    pages: [...pages],
  });
}

/**
 * A user's highlight of `exact` on a page, as POST /api/annotations stores it (its position where `exact`
 * is in `pageText`, else 0..length: an orphan once the text is known); private unless `folderId`.
 */
export async function buildAnnotation(
  db: Db,
  {
    userId,
    paper,
    page,
    exact,
    pageText = exact,
    note = null,
    folderId = null,
  }: {
    userId: number;
    paper: { platform?: string; paperId: string };
    page: number;
    exact: string;
    pageText?: string;
    note?: string | null;
    folderId?: number | null;
  },
) {
  const start = Math.max(0, pageText.indexOf(exact));
  const [row] = await db
    .insert(annotations)
    .values({
      userId,
      platform: paper.platform ?? 'arxiv',
      paperId: paper.paperId,
      page,
      kind: 'highlight',
      color: 'yellow',
      note,
      quoteExact: exact,
      quotePrefix: '',
      quoteSuffix: '',
      positionStart: start,
      positionEnd: start + exact.length,
      folderId,
    })
    .returning({ id: annotations.id });
  if (!row) throw new Error('annotation insert returned no row');
  return row;
}

/** The numeric id behind an issued X-User-ID, for arranging rows a user owns; null if never issued. */
export async function findUserIdByToken(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .select({ id: userSessions.userId })
    .from(userSessions)
    .where(eq(userSessions.tokenHash, hashUserToken(token)))
    .limit(1);
  return row?.id ?? null;
}
