import { type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

type TModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog box. */
  className?: string;
  /** The box's width: 440 px by default, 560 (`wide`) or 640 (`wider`) for dialogs with more to show. */
  size?: 'default' | 'wide' | 'wider';
};

/**
 * A modal dialog, named by its title: the native <dialog> opened with showModal(), so focus moves in
 * and stays in, the page behind is inert, and Esc asks to close (its `cancel` event, which calls
 * onClose: the caller unmounts the dialog). A click on the backdrop closes it too (requirements §2
 * Add-to-folders modal: clicking the backdrop closes it).
 */
export function Modal({ title, onClose, children, className, size = 'default' }: TModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const wasPressedOnBackdrop = useRef(false);

  // A layout effect: its cleanup runs while the dialog is still in the document, so focus returns to
  // where it was before the dialog opened.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      previous?.focus();
    };
  }, []);

  // The box fills the <dialog>, so a press and click on the <dialog> itself are on its backdrop. Both
  // must be: a text selection started in a field and let go outside is no backdrop click.
  const isOnBackdrop = (event: SyntheticEvent) => event.target === event.currentTarget;

  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is a pointer shortcut; Esc closes it from the keyboard.
    <dialog
      ref={dialogRef}
      className={size === 'default' ? 'modal-dialog' : `modal-dialog modal-dialog-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => {
        wasPressedOnBackdrop.current = isOnBackdrop(event);
      }}
      onClick={(event) => {
        if (wasPressedOnBackdrop.current && isOnBackdrop(event)) onClose();
      }}
    >
      <div className={className ? `modal ${className}` : 'modal'}>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
