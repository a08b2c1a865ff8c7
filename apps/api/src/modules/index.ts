import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../app-context';
import { createChatRouter } from './chat/chat.router';
import { createFoldersRouter } from './folders/folders.router';
import { createIdentityRouter } from './identity/identity.router';
import { createMetricsRouter } from './metrics/metrics.router';
import { notImplementedRouter } from './not-implemented';
import { createPapersRouter } from './papers/papers.router';
import { createPdfsRouter } from './pdfs/pdfs.router';
import { createSearchRouter } from './search/search.router';
import { createShareRouter } from './share/share.router';

const s = initServer();

/** Every contract route, implemented or (for later issues) answering 501. */
export const createApiRouter = (context: AppContext) =>
  s.router(contract, {
    identity: createIdentityRouter(context),
    metrics: createMetricsRouter(context),
    papers: createPapersRouter(context),
    search: createSearchRouter(context),
    folders: createFoldersRouter(context),
    share: createShareRouter(context),
    forum: notImplementedRouter(contract.forum),
    chat: createChatRouter(context),
    review: notImplementedRouter(contract.review),
    comments: notImplementedRouter(contract.comments),
    topics: notImplementedRouter(contract.topics),
    feed: notImplementedRouter(contract.feed),
    subscription: notImplementedRouter(contract.subscription),
    contact: notImplementedRouter(contract.contact),
    recommendations: notImplementedRouter(contract.recommendations),
    ideas: notImplementedRouter(contract.ideas),
    pdfs: createPdfsRouter(context),
  });
