import { z } from 'zod';
import { c } from './common';
import { ZAnnoteQuery } from './folder.schemas';
import { ZDeleteAccountRequest, ZProfile, ZProfileExport } from './profile.schemas';

/** The /profile page's calls (the spec shows the page, not its calls; listed in EXTENSIONS). */
export const profileContract = c.router({
  get: {
    method: 'GET',
    path: '/api/profile',
    responses: { 200: ZProfile },
    summary: 'Who the caller is (null while anonymous) and how much the server holds for them',
  },
  export: {
    method: 'GET',
    path: '/api/profile/export',
    responses: { 200: ZProfileExport },
    summary: 'Export my data: everything the server holds about the caller, as JSON, with the library as BibTeX',
  },
  library: {
    method: 'GET',
    path: '/api/profile/library.bib',
    query: ZAnnoteQuery,
    responses: { 200: c.otherResponse({ contentType: 'application/x-bibtex', body: z.string() }) },
    summary: "The caller's library (every paper in their folders) as a BibTeX file",
  },
  libraryCslJson: {
    method: 'GET',
    path: '/api/profile/library.json',
    responses: {
      200: c.otherResponse({ contentType: 'application/vnd.citationstyles.csl+json', body: z.string() }),
    },
    summary: "The caller's library (every paper in their folders) as a CSL-JSON file",
  },
  delete: {
    method: 'DELETE',
    path: '/api/profile',
    body: ZDeleteAccountRequest,
    responses: { 204: c.noBody() },
    summary: 'Delete my account: every row of the caller and every upload no one else holds, in one transaction',
    description:
      'Every session of the account ends (its ids answer 401); the client fetches a new anonymous id. Shared ' +
      'folders the caller owns go with it; their roles elsewhere stay on their email until removed.',
  },
});
