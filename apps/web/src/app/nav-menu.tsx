import { type ReactNode, useEffect, useId } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Icon } from '../features/ui/icons';
import { useMenuButton } from '../features/ui/use-menu-button';
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

const isCurrentLink = (link: THeaderLink, pathname: string) =>
  matchPath({ path: link.to, end: link.isEnd ?? false }, pathname) !== null;

/**
 * A menu button whose items are links (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it
 * on its first item, ArrowUp on its last; arrows, Home, End and a first letter move; Escape closes it
 * and gives focus back to the button; Tab out, a click outside or following a link closes it. The items
 * are real <a href> (react-router links), so a middle-click or Ctrl+click opens a new tab. The current
 * page's item carries aria-current="page".
 */
export function NavMenu({ label, sections, className, icon }: TNavMenuProps) {
  const { isOpen, close, wrapperRef, buttonProps, menuProps } = useMenuButton();
  const { pathname } = useLocation();
  const hasCurrent = sections.some((section) => section.links.some((link) => isCurrentLink(link, pathname)));

  // Back/forward while open: the page changed under the menu, so it closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path.
  useEffect(close, [pathname]);

  return (
    <div ref={wrapperRef} className={`nav-menu ${className}`}>
      <button type="button" className={`nav-menu-button${hasCurrent ? ' has-current' : ''}`} {...buttonProps}>
        {icon}
        <span className="nav-menu-label">{label}</span>
        <Icon name="chevronDown" size={14} strokeWidth={2} className="nav-menu-caret" />
      </button>
      {isOpen && (
        <div className="menu-panel nav-menu-panel" role="menu" aria-label={label} {...menuProps}>
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
