import type { z } from 'zod';
import { ZChatSession } from './chat.schemas';
import { ZPaperComment, ZSharedFolderComment } from './comment.schemas';
import { ZContactMessage } from './contact.schemas';
import { ZFileSelection, ZFolder, ZFolderFile, ZUploadForm, ZUploadResponse } from './folder.schemas';
import { ZSharedFolder } from './forum.schemas';
import { ZIdeaProposal } from './idea.schemas';
import { ZLocalStorage, ZUser } from './identity.schemas';
import { ZPageViewBeacon, ZSiteMetric } from './metrics.schemas';
import { ZPaper } from './paper.schemas';
import { ZReviewSession } from './review.schemas';
import { ZSearchRequest, ZSearchState } from './search.schemas';
import { ZShareResponse } from './share.schemas';
import { ZTopic } from './topic.schemas';

/** Every entity of requirements §3, by the name the spec gives it, mapped to its schema (one place to look them up). */
export const specEntities = {
  Paper: ZPaper,
  'File in a folder': ZFolderFile,
  Folder: ZFolder,
  'File selection': ZFileSelection,
  'Shared folder (forum)': ZSharedFolder,
  'Paper comment': ZPaperComment,
  'Shared-folder comment': ZSharedFolderComment,
  'Chat session': ZChatSession,
  'Review-writing session': ZReviewSession,
  Topic: ZTopic,
  'Search request': ZSearchRequest,
  'Search state': ZSearchState,
  'Idea proposal': ZIdeaProposal,
  'Feedback/contact message': ZContactMessage,
  'User (cached locally)': ZUser,
  'Upload form': ZUploadForm,
  'Upload response': ZUploadResponse,
  'Site metric response': ZSiteMetric,
  'Share response': ZShareResponse,
  'Page-view beacon': ZPageViewBeacon,
  'Browser storage': ZLocalStorage,
} satisfies Record<string, z.ZodTypeAny>;
export type TSpecEntityName = keyof typeof specEntities;
