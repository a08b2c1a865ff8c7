import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../app-context';
import { createAdminRouter } from './admin/admin.router';
import { createAiRouter } from './ai/ai.router';
import { createAnnotationsRouter } from './annotations/annotations.router';
import { createChatRouter } from './chat/chat.router';
import { createCommentsRouter } from './comments/comments.router';
import { createContactRouter } from './contact/contact.router';
import { createConversationalRouter } from './conversational/conversational.router';
import { createCorpusRouter } from './corpus/corpus.router';
import { createFeedRouter } from './feed/feed.router';
import { createFilesRouter } from './files/files.router';
import { createFoldersRouter } from './folders/folders.router';
import { createForumRouter } from './forum/forum.router';
import { createGrantsRouter } from './grants/grants.router';
import { createIdeasRouter } from './ideas/ideas.router';
import { createIdentityRouter } from './identity/identity.router';
import { createMetricsRouter } from './metrics/metrics.router';
import { createPapersRouter } from './papers/papers.router';
import { createPdfsRouter } from './pdfs/pdfs.router';
import { createProfileRouter } from './profile/profile.router';
import { createReadingRouter } from './reading/reading.router';
import { createRecommendationsRouter } from './recommendations/recommendations.router';
import { createReferencesRouter } from './references/references.router';
import { createReviewRouter } from './review/review.router';
import { createSearchRouter } from './search/search.router';
import { createShareRouter } from './share/share.router';
import { createSubscriptionRouter } from './subscription/subscription.router';
import { createSummariesRouter } from './summaries/summaries.router';
import { createTokensRouter } from './tokens/tokens.router';
import { createTopicsRouter } from './topics/topics.router';
import { createUploadsRouter } from './uploads/uploads.router';

const s = initServer();

/**
 * Every contract route. The table of contents of the API: each contract group is served by the module
 * folder of the same name, through that module's `<group>.router.ts` (docs/architecture.md#route-map).
 */
export const createApiRouter = (context: AppContext) =>
  s.router(contract, {
    identity: createIdentityRouter(context),
    metrics: createMetricsRouter(context),
    papers: createPapersRouter(context),
    search: createSearchRouter(context),
    summaries: createSummariesRouter(context),
    conversational: createConversationalRouter(context),
    grants: createGrantsRouter(context),
    folders: createFoldersRouter(context),
    share: createShareRouter(context),
    forum: createForumRouter(context),
    files: createFilesRouter(context),
    chat: createChatRouter(context),
    review: createReviewRouter(context),
    comments: createCommentsRouter(context),
    topics: createTopicsRouter(context),
    feed: createFeedRouter(context),
    subscription: createSubscriptionRouter(context),
    contact: createContactRouter(context),
    recommendations: createRecommendationsRouter(context),
    ideas: createIdeasRouter(context),
    pdfs: createPdfsRouter(context),
    uploads: createUploadsRouter(context),
    ai: createAiRouter(context),
    profile: createProfileRouter(context),
    corpus: createCorpusRouter(context),
    references: createReferencesRouter(context),
    annotations: createAnnotationsRouter(context),
    reading: createReadingRouter(context),
    tokens: createTokensRouter(context),
    admin: createAdminRouter(context),
  });
