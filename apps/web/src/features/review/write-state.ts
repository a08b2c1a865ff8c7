import type {
  TAnswerSource,
  TCitationCheck,
  TReviewOutlineSection,
  TReviewReference,
  TReviewSectionText,
  TSavedReviewDraft,
  TStreamEvent,
} from '@paperbench/contract';
import type { TStreamProgress } from '../../api/use-event-stream';

/** A related-work draft as POST /api/review/stream_rws streams it (docs/review.md#writing). */
export type TReviewDraft = TStreamProgress & {
  /** The sections to come, from 'outline'; null until it arrives. */
  outline: TReviewOutlineSection[] | null;
  /** The closing paragraph's title (a target paper is set), or null. */
  closing: string | null;
  /** Written sections in outline order (the closing paragraph last), as they arrive. */
  sections: TReviewSectionText[];
  references: TReviewReference[];
  /** Set by 'done': the stored draft, how it was written, and the checker's verdict on the `[n]`. */
  draftId: number | null;
  source: TAnswerSource | null;
  abstained: boolean;
  citations: TCitationCheck | null;
  /** When a stored draft was written (a reopened session's latest draft); null for one streamed now. */
  savedAt: string | null;
};

export function startDraft(): TReviewDraft {
  return {
    status: 'streaming',
    outline: null,
    closing: null,
    sections: [],
    references: [],
    draftId: null,
    source: null,
    abstained: false,
    citations: null,
    error: null,
    savedAt: null,
  };
}

/**
 * The session's latest stored draft (GET /api/review/draft) as the screen shows a finished stream: the
 * same outline, sections, references and verdict, so a reopened session looks as it was left.
 */
export function savedDraft(saved: TSavedReviewDraft): TReviewDraft {
  return {
    status: 'done',
    outline: saved.outline,
    closing: saved.closing,
    sections: saved.sections,
    references: saved.references,
    draftId: saved.id,
    source: saved.source,
    abstained: saved.abstained,
    citations: saved.citations,
    error: null,
    savedAt: saved.created_at,
  };
}

/** Where a section belongs: its outline position, the closing paragraph after every section. */
function rank(draft: TReviewDraft, id: string): number {
  const index = draft.outline?.findIndex((section) => section.id === id) ?? -1;
  if (index >= 0) return index;
  return id === 'closing' ? Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER - 1;
}

/**
 * The draft after one event of the stream (useEventStream marks it done or failed); events of other
 * streams (chat deltas, ideas) change nothing.
 */
export function applyWriteEvent(draft: TReviewDraft, event: TStreamEvent): TReviewDraft {
  switch (event.type) {
    case 'outline':
      return { ...draft, outline: event.sections, closing: event.closing };
    case 'section': {
      // A section sent again (a retry on the server) replaces the earlier one.
      const others = draft.sections.filter((section) => section.id !== event.section.id);
      const sections = [...others, event.section].sort((a, b) => rank(draft, a.id) - rank(draft, b.id));
      return { ...draft, sections };
    }
    case 'references':
      return { ...draft, references: event.references };
    case 'done':
      return {
        ...draft,
        draftId: event.message_id,
        source: event.source,
        abstained: event.abstained,
        citations: event.citations,
      };
    default:
      return draft;
  }
}

/** The outline entries still waiting for their text (shown as pending while the draft streams). */
export function pendingSections(draft: TReviewDraft): { id: string; title: string }[] {
  const written = new Set(draft.sections.map((section) => section.id));
  const planned = [
    ...(draft.outline ?? []).map(({ id, title }) => ({ id, title })),
    ...(draft.closing ? [{ id: 'closing', title: draft.closing }] : []),
  ];
  return planned.filter((section) => !written.has(section.id));
}
