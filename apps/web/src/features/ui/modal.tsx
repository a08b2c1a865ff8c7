import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

type TModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog box (width variants). */
  className?: string;
};

/**
 * A modal dialog (role=dialog, named by its title): Escape and a click on the backdrop close it
 * (spec §2 Add-to-folders modal: clicking the backdrop closes it). Focus moves into the dialog.
 */
export function Modal({ title, onClose, children, className }: TModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = boxRef.current?.querySelector<HTMLElement>('input, select, textarea, button:not([disabled])');
    (first ?? boxRef.current)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="modal-root">
      <div className="modal-backdrop" data-testid="modal-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={boxRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
