import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Icon } from '../features/ui/icons';
import { useDismiss } from '../features/ui/use-dismiss';
import type { THeaderLink } from './header-links';

export type TNavMenuSection = {
  /** A heading over the section's links (and the name of its group). */
  label?: string;
  links: readonly THeaderLink[];
};

type TNavMenuProps = {
  /** The button's visible text and the menu's name ("Research tools", "Menu"). */
  label: string;
  sections: readonly TNavMenuSection[];
  /** The variant's class on the wrapper. */
  className: string;
  /** Drawn before the label in the button. */
  icon?: ReactNode;
};

/** Which item to focus once the menu is open: ArrowUp opens on the last, anything else on the first. */
type TFocusOnOpen = 'first' | 'last';

const isCurrentLink = (link: THeaderLink, pathname: string) =>
  matchPath({ path: link.to, end: link.isEnd ?? false }, pathname) !== null;

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * A menu button whose items are links (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it
 * on its first item, ArrowUp on its last; arrows, Home, End and a first letter move; Escape closes it
 * and gives focus back to the button; Tab out, a click outside or following a link closes it. The items
 * are real <a href> (react-router links), so a middle-click or Ctrl+click opens a new tab. The current
 * page's item carries aria-current="page".
 */
export function NavMenu({ label, sections, className, icon }: TNavMenuProps) {
  const [focusOnOpen, setFocusOnOpen] = useState<TFocusOnOpen | null>(null);
  const isOpen = focusOnOpen !== null;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const hasCurrent = sections.some((section) => section.links.some((link) => isCurrentLink(link, pathname)));

  const close = useCallback(() => setFocusOnOpen(null), []);
  const insideRefs = useMemo(() => [wrapperRef], []);
  useDismiss(isOpen, insideRefs, close);

  // Back/forward while open: the page changed under the menu, so it closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path.
  useEffect(close, [pathname]);

  useEffect(() => {
    if (!focusOnOpen) return;
    const all = menuItems(menuRef.current);
    (focusOnOpen === 'last' ? all.at(-1) : all[0])?.focus();
  }, [focusOnOpen]);

  const closeToButton = () => {
    close();
    buttonRef.current?.focus();
  };

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
    if (event.key === 'Escape') closeToButton();
    else if (event.key === 'ArrowDown') focusAt(current + 1);
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

  return (
    <div ref={wrapperRef} className={`nav-menu ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className={`nav-menu-button${hasCurrent ? ' has-current' : ''}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setFocusOnOpen(isOpen ? null : 'first')}
        onKeyDown={onButtonKeyDown}
        onBlur={onBlur}
      >
        {icon}
        <span className="nav-menu-label">{label}</span>
        <Icon name="chevronDown" size={14} strokeWidth={2} className="nav-menu-caret" />
      </button>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          className="nav-menu-panel"
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          onBlur={onBlur}
        >
          {sections.map((section) =>
            section.label ? (
              // biome-ignore lint/a11y/useSemanticElements: a group of menu items (ARIA menu), not of form fields.
              <div key={section.label} role="group" aria-label={section.label} className="nav-menu-group">
                <div className="nav-menu-heading" aria-hidden="true">
                  {section.label}
                </div>
                <NavMenuLinks links={section.links} onChoose={close} />
              </div>
            ) : (
              <NavMenuLinks key="links" links={section.links} onChoose={close} />
            ),
          )}
        </div>
      )}
    </div>
  );
}

function NavMenuLinks({ links, onChoose }: { links: readonly THeaderLink[]; onChoose: () => void }) {
  return links.map((link) => <NavMenuLink key={link.to} link={link} onChoose={onChoose} />);
}

function NavMenuLink({ link, onChoose }: { link: THeaderLink; onChoose: () => void }) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <NavLink
      to={link.to}
      end={link.isEnd ?? false}
      role="menuitem"
      tabIndex={-1}
      className="nav-menu-item"
      // The label alone names the link; the line under it is its description.
      aria-labelledby={link.description ? labelId : undefined}
      aria-describedby={link.description ? descriptionId : undefined}
      onClick={onChoose}
    >
      {link.icon && (
        <span className="nav-menu-item-icon">
          <Icon name={link.icon} size={18} />
        </span>
      )}
      <span className="nav-menu-item-text">
        <span id={labelId} className="nav-menu-item-label">
          {link.label}
        </span>
        {link.description && (
          <span id={descriptionId} className="nav-menu-item-description">
            {link.description}
          </span>
        )}
      </span>
    </NavLink>
  );
}
