import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireAdmin } from '../../plugins/admin-gate';
import { SCORECARD_HINT } from '../ai/ai.router';
import { selectLatestScorecard } from '../ai/scorecards.repo';
import { selectAuditEntries } from './admin-audit.repo';
import { downloadBackup, readBackups, verifyBackup } from './admin-backups.service';
import { harvestNow, readCorpus } from './admin-corpus.service';
import { discardJob, readQueue, retryJob } from './admin-queue.service';
import { readUsage } from './admin-usage.service';
import { deleteUser, listUsers, setUserDisabled } from './admin-users.service';

const s = initServer();

/**
 * docs/deploy.md#the-admin-page: the /admin page's calls. plugins/admin-gate.ts has already answered anyone but an
 * administrator 404; each handler still takes the administrator from it (requireAdmin) before acting.
 */
export const createAdminRouter = (context: AppContext) => {
  const { db, config, ai } = context;
  return s.router(contract.admin, {
    users: async ({ request, query }) => {
      requireAdmin(request);
      return { status: 200, body: await listUsers(db, config, query.q || undefined) };
    },
    disableUser: async ({ request, params }) => ({
      status: 200,
      body: await setUserDisabled(context, requireAdmin(request), params.id, true),
    }),
    enableUser: async ({ request, params }) => ({
      status: 200,
      body: await setUserDisabled(context, requireAdmin(request), params.id, false),
    }),
    deleteUser: async ({ request, params }) => {
      await deleteUser(context, requireAdmin(request), params.id);
      return { status: 204, body: undefined };
    },
    usage: async ({ request }) => {
      requireAdmin(request);
      return { status: 200, body: await readUsage(db, config) };
    },
    queue: async ({ request }) => {
      requireAdmin(request);
      return { status: 200, body: await readQueue(db) };
    },
    retryJob: async ({ request, params }) => ({
      status: 200,
      body: await retryJob(context, requireAdmin(request), params.id),
    }),
    discardJob: async ({ request, params }) => {
      await discardJob(db, requireAdmin(request), params.id);
      return { status: 204, body: undefined };
    },
    corpus: async ({ request }) => {
      requireAdmin(request);
      return { status: 200, body: await readCorpus(context) };
    },
    harvestNow: async ({ request }) => ({ status: 202, body: await harvestNow(context, requireAdmin(request)) }),
    ai: async ({ request }) => {
      requireAdmin(request);
      // The data of GET /api/ai/status and GET /api/ai/scorecard (modules/ai), side by side.
      const status = { mode: ai.mode, model: ai.modelName, embeddings: ai.embeddingModelName };
      const scorecard = await selectLatestScorecard(db, ai.mode, ai.modelName);
      return {
        status: 200,
        body: { status, scorecard: { mode: ai.mode, model: ai.modelName, scorecard, hint: SCORECARD_HINT } },
      };
    },
    backups: async ({ request }) => {
      requireAdmin(request);
      return { status: 200, body: await readBackups({ db, config }) };
    },
    downloadBackup: async ({ request, reply, params }) => ({
      status: 200,
      body: await downloadBackup(context, requireAdmin(request), params.name, reply),
    }),
    verifyBackup: async ({ request, params }) => ({
      status: 200,
      body: await verifyBackup(context, requireAdmin(request), params.name),
    }),
    audit: async ({ request }) => {
      requireAdmin(request);
      return { status: 200, body: { entries: await selectAuditEntries(db) } };
    },
  });
};
