import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The real CC-BY PDFs the API's tests use too (apps/api/test/fixtures/pdfs/README.md gives their citations). */
export const PDF_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api/test/fixtures/pdfs');
/** Ammar et al., "Construction of the Literature Graph in Semantic Scholar", NAACL-HLT 2018, CC BY 4.0. */
export const LITERATURE_GRAPH_PDF = path.join(PDF_DIR, 'naacl2018-literature-graph-ammar-et-al.pdf');
/** Agyeman-Duah et al., BMC Health Services Research 2014, CC BY 2.0: the fixture with an outline (bookmarks). */
export const BMC_OUTLINE_PDF = path.join(PDF_DIR, 'bmc-hsr-2014-agyeman-duah-et-al.pdf');
/** Cohan et al., "SPECTER", ACL 2020, CC BY 4.0. */
export const SPECTER_PDF = path.join(PDF_DIR, 'acl2020-specter-cohan-et-al.pdf');

/** The fixtures are copied in by the API side; fail with a clear message if they are not there. */
export function requirePdf(file: string): string {
  expect(existsSync(file), `missing fixture ${file}`).toBe(true);
  return file;
}

/** Loads the app and returns the anonymous id it was given (the X-User-ID of later API calls). */
export async function openApp(page: Page, url = '/'): Promise<string> {
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('X-User-ID'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('X-User-ID'))) as string;
}

/** A small typed-by-hand API client for arranging state, sending the user's X-User-ID. */
export function api(request: APIRequestContext, userId: string) {
  const headers = { 'X-User-ID': userId };
  return {
    async createFolder(name: string): Promise<number> {
      const response = await request.post('/api/folders/', { headers, data: { name } });
      expect(response.status()).toBe(201);
      return (await response.json()).id as number;
    },
    async addFile(folderId: number, paper: { paper_id: string; platform: string }) {
      const response = await request.post(`/api/folders/${folderId}/files`, { headers, data: paper });
      expect([200, 201]).toContain(response.status());
    },
    async upload(file: string, title: string): Promise<{ paper_id: string; platform: string }> {
      const response = await request.post('/api/upload/', {
        headers,
        multipart: {
          file: { name: path.basename(file), mimeType: 'application/pdf', buffer: readFileSync(file) },
          title,
          authors: '',
          published: '',
          abstract: '',
        },
      });
      expect(response.status()).toBe(201);
      return response.json();
    },
    async recentPapers(limit: number): Promise<{ paper_id: string; platform: string; title: string }[]> {
      const response = await request.get(`/api/papers?limit=${limit}`, { headers });
      return response.json();
    },
    async folders(): Promise<{ id: number; name: string; files: { paper_id: string; selected: boolean }[] }[]> {
      return (await request.get('/api/folders', { headers })).json();
    },
    async userFiles(): Promise<{ paper_id: string; platform: string }[]> {
      return (await request.get('/api/chat/files', { headers })).json();
    },
  };
}

/** Opens the File List panel from the header toggle (its name carries the count when above 0). */
export async function openPanel(page: Page) {
  await page.getByRole('button', { name: /^File List/ }).click();
  const panel = page.getByRole('complementary', { name: 'File List' });
  await expect(panel).toBeVisible();
  return panel;
}

/** The folder blocks of the panel, by name. */
export function folderToggle(page: Page, name: string) {
  return page.getByRole('complementary', { name: 'File List' }).locator('.folder-toggle', { hasText: name });
}

/** Accepts every alert/confirm of the page and records its text (an unanswered alert blocks the page). */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}
