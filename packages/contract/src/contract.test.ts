import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import {
  c,
  contract,
  DEFAULT_FOLDER_NAME,
  specEntities,
  ZCreateFolderRequest,
  ZError,
  ZFolderId,
  ZForumUserRequest,
  ZPaper,
  ZPaperListQuery,
  ZPaperRef,
  ZRecommendationQuery,
  ZSearchRequest,
  ZShareRequest,
  ZUploadForm,
} from './index';
import { EXTENSIONS, SPEC_ENDPOINTS, toRoutePath } from './spec-endpoints';

type Found = { name: string; route: AppRoute };

/** Every route of a router, depth first, with its dotted name (e.g. folders.removeFile). */
const collectRoutes = (router: AppRouter, prefix = ''): Found[] =>
  Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [{ name: prefix + key, route: value }] : collectRoutes(value, `${prefix}${key}.`),
  );

const routes = collectRoutes(contract);
const key = (method: string, path: string) => `${method} ${path}`;
const contractKeys = routes.map(({ route }) => key(route.method, route.path));
const specKeys = SPEC_ENDPOINTS.map(([m, p]) => key(m, toRoutePath(p)));
const extensionKeys = EXTENSIONS.map(([m, p]) => key(m, toRoutePath(p)));

describe('contract routes against requirements §7', () => {
  it('walks a real router (sanity: the walker finds routes and nested routers)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(SPEC_ENDPOINTS.length);
    expect(routes.map((r) => r.name)).toContain('folders.removeFile');
  });

  it('the spec table itself has no duplicate rows', () => {
    expect(new Set(specKeys).size).toBe(specKeys.length);
  });

  it.each(SPEC_ENDPOINTS.map(([m, p]) => [m, p] as const))('serves %s %s', (method, path) => {
    expect(contractKeys).toContain(key(method, toRoutePath(path)));
  });

  it('has no route outside the spec table and EXTENSIONS', () => {
    const allowed = new Set([...specKeys, ...extensionKeys]);
    expect(contractKeys.filter((k) => !allowed.has(k))).toEqual([]);
  });

  it('declares each method + path only once', () => {
    const dupes = contractKeys.filter((k, i) => contractKeys.indexOf(k) !== i);
    expect(dupes).toEqual([]);
  });

  it('gives every route a summary', () => {
    expect(routes.filter(({ route }) => !route.summary?.trim()).map((r) => r.name)).toEqual([]);
  });

  it('validates every :param of a path with a pathParams schema of exactly those keys', () => {
    for (const { name, route } of routes) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const schema = route.pathParams as { shape?: Record<string, unknown> } | undefined;
      expect(Object.keys(schema?.shape ?? {}).sort(), name).toEqual(params);
    }
  });

  it('merges the common error responses into every route', () => {
    for (const { name, route } of routes) {
      for (const status of [400, 401, 404, 500, 501] as const) {
        expect(route.responses[status], `${name} ${status}`).toBe(ZError);
      }
      expect(route.strictStatusCodes, name).toBe(true);
    }
  });

  it('answers streamed endpoints with text/event-stream', () => {
    const streamed = ['chat.streamChat', 'review.chatRwg', 'review.streamRws', 'ideas.streamGenerate'];
    for (const name of streamed) {
      const route = routes.find((r) => r.name === name)?.route;
      expect(route?.responses[200], name).toMatchObject({ contentType: 'text/event-stream' });
    }
  });

  it('uploads as multipart/form-data', () => {
    const uploads = routes.filter(({ route }) => route.path.endsWith('/upload') || route.path.endsWith('/upload/'));
    expect(uploads).toHaveLength(2);
    for (const { route } of uploads) expect(route).toMatchObject({ contentType: 'multipart/form-data' });
  });

  it('removes a folder file with 204 and no body (requirements §7)', () => {
    expect(contract.folders.removeFile.responses[204]).toBe(c.noBody());
  });
});

describe('defaults (requirements §9)', () => {
  it('paper list: limit 10, offset 0', () => {
    expect(ZPaperListQuery.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(ZPaperListQuery.parse({ limit: '25', offset: '5' })).toMatchObject({ limit: 25, offset: 5 });
  });

  it('search: limit 30, include_summary false, summary_type full, sort relevance', () => {
    expect(ZSearchRequest.parse({ query: '  transformers ' })).toEqual({
      query: 'transformers',
      limit: 30,
      offset: 0,
      include_summary: false,
      summary_type: 'full',
      sort: 'relevance',
    });
  });

  it("platform: arxiv; folder name: 'Untitled'", () => {
    expect(ZPaperRef.parse({ paper_id: '2401.01234' }).platform).toBe('arxiv');
    expect(ZCreateFolderRequest.parse({}).name).toBe('Untitled');
    expect(DEFAULT_FOLDER_NAME).toBe('Untitled');
  });

  it("recommendations: limit 10, exclude_existing true, and the string 'false' means false", () => {
    expect(ZRecommendationQuery.parse({})).toEqual({ limit: 10, exclude_existing: true });
    expect(ZRecommendationQuery.parse({ exclude_existing: 'false' }).exclude_existing).toBe(false);
    expect(ZRecommendationQuery.parse({ exclude_existing: 'true' }).exclude_existing).toBe(true);
    expect(ZRecommendationQuery.safeParse({ exclude_existing: 'maybe' }).success).toBe(false);
  });
});

describe('refusals', () => {
  it('refuses a limit above 100 instead of cutting it', () => {
    expect(ZPaperListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZSearchRequest.safeParse({ query: 'x', limit: 101 }).success).toBe(false);
    expect(ZRecommendationQuery.safeParse({ limit: 1000 }).success).toBe(false);
  });

  it('refuses a blank search query (requirements §5)', () => {
    expect(ZSearchRequest.safeParse({ query: '' }).success).toBe(false);
    expect(ZSearchRequest.safeParse({ query: '   ' }).success).toBe(false);
  });

  it('refuses a blank or over-long folder name', () => {
    expect(ZCreateFolderRequest.safeParse({ name: '   ' }).success).toBe(false);
    expect(ZCreateFolderRequest.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
    expect(ZCreateFolderRequest.parse({ name: '  Reading list ' }).name).toBe('Reading list');
  });
});

describe('request bodies', () => {
  it('upload form: published defaults to 1900-01-01, must be a real day, never later than today (requirements §5)', () => {
    expect(ZUploadForm.parse({}).published).toBe('1900-01-01');
    expect(ZUploadForm.parse({ published: '' }).published).toBe('1900-01-01');
    expect(ZUploadForm.parse({ published: '2017-06-12' }).published).toBe('2017-06-12');
    expect(ZUploadForm.safeParse({ published: '2025-02-30' }).success).toBe(false);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(ZUploadForm.safeParse({ published: nextYear }).success).toBe(false);
  });

  it('share: bare paper ids mean arxiv; an empty list is refused', () => {
    expect(ZShareRequest.parse({ files: ['1706.03762', { paper_id: 'u1', platform: 'upload' }] }).files).toEqual([
      { paper_id: '1706.03762', platform: 'arxiv' },
      { paper_id: 'u1', platform: 'upload' },
    ]);
    expect(ZShareRequest.safeParse({ files: [] }).success).toBe(false);
  });

  it('forum users: emails are normalised; ownership cannot be given away by add_user', () => {
    expect(ZForumUserRequest.parse({ email: ' Ada@Example.org ', role: 'editor' }).email).toBe('ada@example.org');
    expect(ZForumUserRequest.safeParse({ email: 'ada@example.org', role: 'owner' }).success).toBe(false);
    expect(ZForumUserRequest.safeParse({ email: 'not-an-email', role: 'viewer' }).success).toBe(false);
  });
});

describe('entities (requirements §3)', () => {
  const paper = {
    paper_id: '1706.03762',
    platform: 'arxiv',
    title: 'Attention Is All You Need',
    authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'],
    published_date: '2017-06-12',
    abstract:
      'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks.',
    categories: ['cs.CL', 'cs.LG'],
    pdf_url: 'https://arxiv.org/pdf/1706.03762',
  };

  it('parses a real-looking paper and refuses one without an id', () => {
    expect(ZPaper.parse(paper)).toMatchObject({ paper_id: '1706.03762', platform: 'arxiv' });
    expect(ZPaper.safeParse({ ...paper, paper_id: ' ' }).success).toBe(false);
  });

  it('folder ids are digits only (requirements §5)', () => {
    expect(ZFolderId.parse('42')).toBe(42);
    expect(ZFolderId.parse(7)).toBe(7);
    for (const bad of ['abc', '', '12abc', '1e3', '0x10', '-3', '0', 0, 1.5, '99999999999']) {
      expect(ZFolderId.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('every entity of requirements §3 has a schema', () => {
    const names = [
      'Paper',
      'File in a folder',
      'Folder',
      'File selection',
      'Shared folder (forum)',
      'Paper comment',
      'Shared-folder comment',
      'Chat session',
      'Review-writing session',
      'Topic',
      'Search request',
      'Search state',
      'Idea proposal',
      'Feedback/contact message',
      'User (cached locally)',
      'Upload form',
      'Upload response',
      'Site metric response',
      'Share response',
      'Page-view beacon',
      'Browser storage',
    ];
    expect(Object.keys(specEntities).sort()).toEqual([...names].sort());
  });
});
