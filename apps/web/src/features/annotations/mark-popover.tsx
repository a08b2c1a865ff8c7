import type { TAnnotation, TAnnotationRect } from '@paperbench/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useDeleteAnnotationMutation, useUpdateAnnotationMutation } from './api';
import { ColorChoices } from './color-choices';
import { useReaderMarksContext } from './reader-marks';

type TMarkPopoverProps = {
  mark: TAnnotation;
  /** The mark's box on the page (fractions): the popover opens under it. */
  bounds: TAnnotationRect;
  /** Add note opens the popover with the note field focused. */
  focusNote: boolean;
  onClose: () => void;
};

/** The mark's element on the page, to give focus back to. */
const markElement = (id: number) => document.querySelector<HTMLElement>(`.annotation-mark[data-annotation-id="${id}"]`);

/**
 * docs/annotations.md#in-the-reader: a clicked mark's popover. Its author (abilities.edit) recolours it and
 * writes its note; whoever may delete it (abilities.delete) deletes it; everyone copies its quote and asks
 * the AI about it. Others read the note with its author's name. Escape or a click elsewhere closes it.
 */
export function MarkPopover({ mark, bounds, focusNote, onClose }: TMarkPopoverProps) {
  const context = useReaderMarksContext();
  const update = useUpdateAnnotationMutation();
  const remove = useDeleteAnnotationMutation();
  const [note, setNote] = useState(mark.note ?? '');
  const dialogRef = useRef<HTMLDivElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();

  useEffect(() => {
    const target = focusNote ? noteRef.current : dialogRef.current?.querySelector<HTMLElement>('button, textarea');
    target?.focus({ preventScroll: true });
  }, [focusNote]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (dialogRef.current?.contains(target) || target?.closest('.annotation-mark')) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  const close = () => {
    onClose();
    markElement(mark.id)?.focus({ preventScroll: true });
  };
  const exact = mark.quote?.exact ?? '';
  const failed = (error: Error) => context?.announce(`The mark was not changed: ${error.message}`);
  // Kept on the page: under the mark, or above it near the page's foot, and never past the page's right edge
  // (the popover's width is min(300px, 90%) of the page: marks.css).
  const below = bounds.y + bounds.height < 0.7;
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-label="Mark"
      className="annotation-popover"
      style={{
        left: `max(0px, min(${bounds.x * 100}%, 100% - min(300px, 90%)))`,
        ...(below ? { top: `${(bounds.y + bounds.height) * 100}%` } : { bottom: `${(1 - bounds.y) * 100}%` }),
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      {mark.abilities.edit && (
        <ColorChoices
          current={mark.color}
          onPick={(color) => update.mutate({ id: mark.id, patch: { color } }, { onError: failed })}
        />
      )}
      {mark.abilities.edit ? (
        <form
          className="annotation-note-form"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { id: mark.id, patch: { note: note.trim() === '' ? null : note } },
              { onSuccess: () => context?.announce('Note saved'), onError: failed },
            );
          }}
        >
          <label htmlFor={noteId} className="annotation-note-label">
            Note
          </label>
          <textarea
            id={noteId}
            ref={noteRef}
            className="annotation-note-field"
            rows={3}
            maxLength={10_000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <button type="submit" className="button button-small" disabled={update.isPending}>
            Save note
          </button>
        </form>
      ) : (
        mark.note && (
          <blockquote className="annotation-note-read">
            <p>{mark.note}</p>
            <footer>{mark.author_name}</footer>
          </blockquote>
        )
      )}
      {!mark.abilities.edit && !mark.note && <p className="annotation-note-read">Marked by {mark.author_name}</p>}
      <div className="annotation-popover-actions">
        {exact && (
          <>
            <button type="button" className="button button-small" onClick={() => context?.copyQuote(exact, mark.page)}>
              Copy quote
            </button>
            {context?.paper && (
              <button type="button" className="button button-small" onClick={() => context.askAi(exact, mark.page)}>
                Ask AI
              </button>
            )}
          </>
        )}
        {mark.abilities.delete && (
          <button
            type="button"
            className="button button-small annotation-delete"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(mark.id, {
                onSuccess: () => {
                  onClose();
                  context?.announce('Mark deleted');
                },
                onError: failed,
              })
            }
          >
            Delete mark
          </button>
        )}
      </div>
    </div>
  );
}
