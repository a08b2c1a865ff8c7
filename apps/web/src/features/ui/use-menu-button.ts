import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';

/** Which item to focus once the menu is open: ArrowUp opens on the last, anything else on the first. */
type TFocusOnOpen = 'first' | 'last';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The keyboard and dismissal behaviour of a menu button (WAI-ARIA menu button pattern), shared by the
 * header's menus: Enter, Space or ArrowDown open the menu on its first item, ArrowUp on its last; arrows,
 * Home, End and a first letter move between items; Escape closes it and gives focus back to the button;
 * Tab, focus leaving, or a press outside the wrapper closes it. The caller draws the button and the menu
 * and spreads the returned refs and handlers on them.
 */
export function useMenuButton() {
  const [focusOnOpen, setFocusOnOpen] = useState<TFocusOnOpen | null>(null);
  const isOpen = focusOnOpen !== null;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback(() => setFocusOnOpen(null), []);
  const insideRefs = useMemo(() => [wrapperRef], []);
  useDismiss(isOpen, insideRefs, close);

  useEffect(() => {
    if (!focusOnOpen) return;
    const all = menuItems(menuRef.current);
    (focusOnOpen === 'last' ? all.at(-1) : all[0])?.focus();
  }, [focusOnOpen]);

  const toggle = () => setFocusOnOpen(isOpen ? null : 'first');

  const onButtonKeyDown = (event: KeyboardEvent) => {
    // Enter and Space reach onClick as the button's own activation.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setFocusOnOpen(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = menuItems(menuRef.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'Escape') {
      close();
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(all.length - 1);
    else if (event.key === 'Tab') {
      // Focus moves on to the next control as usual; the menu does not stay open behind it.
      close();
      return;
    } else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      const letter = event.key.toLowerCase();
      const after = [...all.slice(current + 1), ...all.slice(0, current + 1)];
      after.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  // Focus leaving for somewhere else on the page (Shift+Tab, a screen reader's jump) closes the menu.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (isOpen && next && !wrapperRef.current?.contains(next)) close();
  };

  return {
    isOpen,
    close,
    wrapperRef,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? menuId : undefined,
      onClick: toggle,
      onKeyDown: onButtonKeyDown,
      onBlur,
    },
    // The caller writes role="menu" on its element itself, where linters see it.
    menuProps: { ref: menuRef, id: menuId, onKeyDown: onMenuKeyDown, onBlur },
  };
}
