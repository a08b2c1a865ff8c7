import { z } from 'zod';
import { ZAnswerSource, ZRowId, ZTimestamp, zText } from './common';
import { ZFileSelection, ZFolderFile } from './folder.schemas';
import { ZPaperRef } from './paper.schemas';
import { ZCitationCheck, ZCitedPassage } from './stream.schemas';

/** A [start, end) range of characters of a text. */
export const ZTextSpan = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type TTextSpan = z.infer<typeof ZTextSpan>;

/** One message of a chat or review session. */
export const ZChatMessage = z.object({
  id: ZRowId,
  role: z.enum(['user', 'assistant']),
  content: zText(),
  /** For assistant messages: 'model' or 'extractive' (offline mode), so the UI can label it; null for user messages. */
  source: ZAnswerSource.nullable(),
  created_at: ZTimestamp,
  /** For assistant chat answers: the numbered passages the answer was given; its `[n]` cite these. */
  passages: z.array(ZCitedPassage).optional(),
  /** For assistant chat answers: the deterministic checker's verdict on the answer's citations. */
  citations: ZCitationCheck.optional(),
  /**
   * For assistant chat answers: true when the answer abstains: "I cannot find this in the selected
   * papers.", or "The selected papers do not mention X." when a specific term of the question is absent.
   */
  abstained: z.boolean().optional(),
  /**
   * For assistant chat answers: the sentences of `content` the checker could not verify against their
   * cited passages, as [start, end) character offsets into `content`, to be marked, never shown as verified.
   */
  unsupported_spans: z.array(ZTextSpan).optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** A session title: trimmed, 1-200 characters. */
export const ZSessionTitle = zText().trim().min(1, 'title must not be empty').max(200);

/** A session as lists show it: everything but the messages. */
export const ZChatSessionSummary = z.object({
  id: ZRowId,
  title: zText(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TChatSessionSummary = z.infer<typeof ZChatSessionSummary>;

/** requirements §3 Chat session. */
export const ZChatSession = ZChatSessionSummary.extend({
  /** Oldest first. */
  messages: z.array(ZChatMessage),
});
export type TChatSession = z.infer<typeof ZChatSession>;

/** ?session_id= of session-scoped reads and deletes (chat and review). */
export const ZSessionQuery = z.object({ session_id: ZRowId });

export const ZCreateSessionRequest = z.object({
  /** Defaults to 'New chat' / 'New review' on the server. */
  title: ZSessionTitle.optional(),
});

export const ZUpdateSessionTitleRequest = z.object({
  session_id: ZRowId,
  title: ZSessionTitle,
});

/**
 * A paper in the user's File List as chat sees it: the user's files across folders, one entry per paper.
 * (A folder file without its folder.)
 */
export const ZChatFile = ZFolderFile.omit({ folder_id: true }).extend({
  /**
   * Whether the paper's text is ready for retrieval (spec: process_embeddings): 'none' (not asked
   * for yet), 'pending' → 'ready' (passages stored), 'failed' with embedding_error, or
   * 'abstract-only' (the PDF could not be fetched: the abstract is the paper's only passage).
   */
  embedding_status: z.enum(['none', 'pending', 'ready', 'failed', 'abstract-only']),
  /** Why the text could not be read, when embedding_status is 'failed' (e.g. a PDF over a limit). */
  embedding_error: zText().optional(),
});
export type TChatFile = z.infer<typeof ZChatFile>;

/** POST /api/chat/process_embeddings response. 'ready' at once in offline mode (keyword retrieval). */
export const ZEmbeddingStatus = ZPaperRef.extend({ status: ZChatFile.shape.embedding_status });

/** POST /api/chat/update_file_selection body and response (requirements §4: the new state is sent to the server). */
export const ZFileSelectionUpdate = ZPaperRef.extend({ selected: z.boolean() });
export type TFileSelectionUpdate = z.infer<typeof ZFileSelectionUpdate>;

/** A user message typed into chat. */
export const ZChatMessageText = zText().trim().min(1, 'message must not be empty').max(20_000);

/**
 * A passage the reader marked and asked about (the reader's Ask AI, docs/annotations.md): the question's
 * context, given to the answer as a numbered passage it cites like any other, checked against the page text.
 */
export const ZChatQuote = ZPaperRef.extend({
  page: z.number().int().min(1, 'quote.page must be 1 or more'),
  exact: zText({ min: 1, max: 5_000, label: 'quote.exact' }).refine(
    (value) => value.trim().length > 0,
    'quote.exact must not be blank',
  ),
});
export type TChatQuote = z.infer<typeof ZChatQuote>;

export const ZStreamChatRequest = z.object({
  /** Omitted: a new session is created and its id is the first event of the stream. */
  session_id: ZRowId.optional(),
  message: ZChatMessageText,
  /** Context papers; omitted means the files currently selected in the File List. */
  selected_files: ZFileSelection.optional(),
  /** A passage marked in the reader that the question is about (Ask AI). */
  quote: ZChatQuote.optional(),
});
export type TStreamChatRequest = z.infer<typeof ZStreamChatRequest>;
