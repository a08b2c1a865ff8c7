import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { setDownloadHeaders } from '../../lib/download';
import { requireUser } from '../../plugins/identity';
import { adminCaller } from '../../policies/admin.policy';
import { deleteAccount, exportProfile, getProfile, libraryBibtex, libraryCslJson } from './profile.service';

const s = initServer();

/** The /profile page's calls: who the caller is, their data as JSON and BibTeX, and account deletion. */
export const createProfileRouter = (context: AppContext) => {
  const { db, config } = context;
  return s.router(contract.profile, {
    get: async ({ request }) => {
      const profile = await getProfile(db, requireUser(request));
      // docs/deploy.md#the-admin-page: the header's account menu links /admin when this is true.
      return { status: 200, body: { ...profile, is_admin: (await adminCaller(db, config, request)) !== null } };
    },
    export: async ({ request, reply }) => {
      // A `read` token may export too (docs/security.md#personal-access-tokens): no session is "this device".
      const userId = requireUser(request);
      setDownloadHeaders(reply, 'paperbench-export.json');
      return { status: 200, body: await exportProfile(db, userId, request.sessionId) };
    },
    library: async ({ query, request, reply }) => {
      const bibtex = await libraryBibtex(db, requireUser(request), query.annote);
      setDownloadHeaders(reply, 'paperbench-library.bib', 'application/x-bibtex; charset=utf-8');
      return { status: 200, body: bibtex };
    },
    libraryCslJson: async ({ request, reply }) => {
      const json = await libraryCslJson(db, requireUser(request));
      setDownloadHeaders(reply, 'paperbench-library.json', 'application/vnd.citationstyles.csl+json; charset=utf-8');
      return { status: 200, body: json };
    },
    delete: async ({ request }) => {
      await deleteAccount(context, requireUser(request));
      return { status: 204, body: undefined };
    },
  });
};
