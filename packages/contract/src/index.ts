import { adminContract } from './admin.contract';
import { aiContract } from './ai.contract';
import { annotationsContract } from './annotations.contract';
import { chatContract } from './chat.contract';
import { commentsContract } from './comments.contract';
import { c, commonResponses } from './common';
import { contactContract } from './contact.contract';
import { conversationalContract } from './conversational.contract';
import { corpusContract } from './corpus.contract';
import { feedContract } from './feed.contract';
import { filesContract } from './files.contract';
import { foldersContract } from './folders.contract';
import { forumContract } from './forum.contract';
import { grantsContract } from './grants.contract';
import { ideasContract } from './ideas.contract';
import { identityContract } from './identity.contract';
import { metricsContract } from './metrics.contract';
import { papersContract } from './papers.contract';
import { pdfsContract } from './pdfs.contract';
import { profileContract } from './profile.contract';
import { readingContract } from './reading.contract';
import { recommendationsContract } from './recommendations.contract';
import { referencesContract } from './references.contract';
import { reviewContract } from './review.contract';
import { searchContract } from './search.contract';
import { shareContract } from './share.contract';
import { subscriptionContract } from './subscription.contract';
import { summariesContract } from './summaries.contract';
import { tokensContract } from './tokens.contract';
import { topicsContract } from './topics.contract';
import { uploadsContract } from './uploads.contract';

/**
 * The whole API of requirements §7, one sub-router per group. Each group is served by the API module of the same
 * name (apps/api/src/modules/<group>/, docs/architecture.md#route-map). Paths are written in full (no
 * pathPrefix) so they read exactly as the spec's table; the server also accepts each path without its
 * trailing slash.
 */
export const contract = c.router(
  {
    identity: identityContract,
    metrics: metricsContract,
    papers: papersContract,
    search: searchContract,
    summaries: summariesContract,
    conversational: conversationalContract,
    grants: grantsContract,
    folders: foldersContract,
    share: shareContract,
    forum: forumContract,
    files: filesContract,
    chat: chatContract,
    review: reviewContract,
    comments: commentsContract,
    topics: topicsContract,
    feed: feedContract,
    subscription: subscriptionContract,
    contact: contactContract,
    recommendations: recommendationsContract,
    ideas: ideasContract,
    pdfs: pdfsContract,
    uploads: uploadsContract,
    ai: aiContract,
    profile: profileContract,
    corpus: corpusContract,
    references: referencesContract,
    annotations: annotationsContract,
    reading: readingContract,
    tokens: tokensContract,
    admin: adminContract,
  },
  { strictStatusCodes: true, commonResponses },
);
export type TContract = typeof contract;

export * from './admin.contract';
export * from './admin.schemas';
export * from './ai.contract';
export * from './annotation.schemas';
export * from './chat.schemas';
export * from './comment.schemas';
export * from './common';
export * from './contact.schemas';
export * from './conversational.schemas';
export * from './corpus.contract';
export * from './entities';
export * from './feed.schemas';
export * from './folder.schemas';
export * from './forum.schemas';
export * from './grant.schemas';
export * from './idea.schemas';
export * from './identity.schemas';
export * from './import.schemas';
export * from './metrics.schemas';
export * from './paper.schemas';
export * from './paper-ref-key';
export * from './paper-urls';
export * from './pdfs.contract';
export * from './profile.schemas';
export * from './quote-letters';
export * from './reading.schemas';
export * from './recommendation.schemas';
export * from './references.contract';
export * from './review.schemas';
export * from './search.schemas';
export * from './share.schemas';
export * from './stream.schemas';
export * from './subscription.schemas';
export * from './summary.schemas';
export * from './token.schemas';
export * from './topic.schemas';
export * from './uploads.contract';
export * from './web-routes';
