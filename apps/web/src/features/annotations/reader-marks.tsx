import {
  DEFAULT_ANNOTATION_COLOR,
  type TAnnotation,
  type TAnnotationKind,
  type TCreateAnnotationRequest,
  type TPaperRef,
} from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { chatWithQuote } from '../chat/quote-state';
import { usePaperQuery } from '../papers/api';
import { annotationKeys, useAnnotationsQuery, useCreateAnnotationMutation } from './api';
import { quoteCitation } from './quote-citation';
import type { TTextLayer } from './text-layer-range';
import './marks.css';

/** A drawn page: its box (the page element) and its text layer, for turning selections into selectors. */
export type TPageEntry = { box: HTMLElement; layer: TTextLayer };

/** What a selection or an area drag gives to make a mark from (docs/annotations.md#the-model). */
export type TMarkTarget = Pick<TCreateAnnotationRequest, 'page' | 'quote' | 'position' | 'rects'>;

type TOpenMark = { id: number; focusNote: boolean };

export type TReaderMarks = {
  /** The paper shown: marks can be made only when it is known (else Copy quote alone). */
  paper: TPaperRef | undefined;
  /** This paper's marks that can be placed, by page (orphans are left to the Annotations panel). */
  byPage: ReadonlyMap<number, readonly TAnnotation[]>;
  /** The same, in reading order, for next/previous mark. */
  ordered: readonly TAnnotation[];
  /** Text layers of the pages drawn so far, by page number. */
  pages: Map<number, TPageEntry>;
  scrollerRef: RefObject<HTMLElement | null>;
  color: string;
  setColor: (color: string) => void;
  open: TOpenMark | null;
  setOpen: (open: TOpenMark | null) => void;
  isAreaTool: boolean;
  setAreaTool: (on: boolean) => void;
  createMark: (kind: TAnnotationKind, target: TMarkTarget, options?: { openNote?: boolean }) => void;
  copyQuote: (exact: string, page: number) => void;
  askAi: (exact: string, page: number) => void;
  status: string;
  announce: (message: string) => void;
};

const ReaderMarksContext = createContext<TReaderMarks | null>(null);

export function useReaderMarksContext(): TReaderMarks | null {
  return useContext(ReaderMarksContext);
}

const NO_PAPER = { paper_id: '', platform: 'arxiv' } as const;
const STATUS_MS = 2500;
/** ZChatQuote's bound on the quote chat takes. */
const MAX_CHAT_QUOTE = 5_000;

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The reader's marks (docs/annotations.md#in-the-reader): the paper's marks by page, the colour in use,
 * the open mark, the area tool, and the actions the selection toolbar and the mark popover share.
 */
export function useReaderMarks(paper: TPaperRef | undefined, scrollerRef: RefObject<HTMLElement | null>) {
  const marks = useAnnotationsQuery(paper);
  const details = usePaperQuery(paper ?? NO_PAPER);
  const create = useCreateAnnotationMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pages = useRef(new Map<number, TPageEntry>()).current;
  const [color, setColor] = useState<string>(DEFAULT_ANNOTATION_COLOR);
  const [open, setOpen] = useState<TOpenMark | null>(null);
  const [isAreaTool, setAreaTool] = useState(false);
  const [status, setStatus] = useState('');
  const statusTimer = useRef<number | undefined>(undefined);

  const announce = useCallback((message: string) => {
    setStatus(message);
    window.clearTimeout(statusTimer.current);
    statusTimer.current = window.setTimeout(() => setStatus(''), STATUS_MS);
  }, []);

  const { byPage, ordered } = useMemo(() => {
    const placed = (marks.data ?? []).filter((mark) => mark.anchor !== 'orphaned');
    const grouped = new Map<number, TAnnotation[]>();
    for (const mark of placed) {
      const list = grouped.get(mark.page);
      if (list) list.push(mark);
      else grouped.set(mark.page, [mark]);
    }
    // The list comes by page then position; areas without a position go by their top edge.
    const reading = [...grouped.keys()]
      .sort((a, b) => a - b)
      .flatMap((page) =>
        [...(grouped.get(page) ?? [])].sort(
          (a, b) => (a.rects[0]?.y ?? 0) - (b.rects[0]?.y ?? 0) || (a.position?.start ?? 0) - (b.position?.start ?? 0),
        ),
      );
    return { byPage: grouped, ordered: reading };
  }, [marks.data]);

  const createMark = useCallback(
    (kind: TAnnotationKind, target: TMarkTarget, options: { openNote?: boolean } = {}) => {
      if (!paper) return;
      create.mutate(
        { paper_id: paper.paper_id, platform: paper.platform, kind, color, ...target },
        {
          onSuccess: (mark) => {
            // Drawn at once; the refetch the mutation starts confirms it.
            queryClient.setQueryData<TAnnotation[]>(annotationKeys.paper(paper), (old) =>
              old?.some((item) => item.id === mark.id) ? old : [...(old ?? []), mark],
            );
            if (options.openNote) setOpen({ id: mark.id, focusNote: true });
          },
          onError: (error) => announce(`The mark was not saved: ${error.message}`),
        },
      );
    },
    [paper, color, create.mutate, queryClient, announce],
  );

  const copyQuote = useCallback(
    (exact: string, page: number) => {
      void writeClipboard(quoteCitation(exact, details.data, page)).then((ok) =>
        announce(ok ? 'Quote copied' : 'The clipboard refused the quote'),
      );
    },
    [details.data, announce],
  );

  const askAi = useCallback(
    (exact: string, page: number) => {
      if (!paper) return;
      const { to, state } = chatWithQuote({
        paper_id: paper.paper_id,
        platform: paper.platform,
        page,
        exact: exact.slice(0, MAX_CHAT_QUOTE),
      });
      void navigate(to, { state });
    },
    [paper, navigate],
  );

  return useMemo<TReaderMarks>(
    () => ({
      paper,
      byPage,
      ordered,
      pages,
      scrollerRef,
      color,
      setColor,
      open,
      setOpen,
      isAreaTool,
      setAreaTool,
      createMark,
      copyQuote,
      askAi,
      status,
      announce,
    }),
    [
      paper,
      byPage,
      ordered,
      pages,
      scrollerRef,
      color,
      open,
      isAreaTool,
      createMark,
      copyQuote,
      askAi,
      status,
      announce,
    ],
  );
}

/** The viewer's document element, giving its pages the marks (a wrapper of its own would re-indent the viewer). */
export function ReaderMarksProvider({ marks, children }: { marks: TReaderMarks; children: ReactNode }) {
  return <ReaderMarksContext.Provider value={marks}>{children}</ReaderMarksContext.Provider>;
}
