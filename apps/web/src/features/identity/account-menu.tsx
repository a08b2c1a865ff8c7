import type { TUser } from '@paperbench/contract';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useDismiss } from '../ui/use-dismiss';
import { useLogoutMutation } from './api';
import { Avatar } from './avatar';
import './identity.css';

/**
 * requirements §2 Header, signed in: the avatar, the user's name and a dropdown with Profile and Logout. A menu
 * button: Enter, Space or ArrowDown opens it on its first item; arrows move; Esc or a click outside closes it.
 */
export function AccountMenu({ user }: { user: TUser }) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const logout = useLogoutMutation();

  const close = useCallback(() => setIsOpen(false), []);
  const insideRefs = useMemo(() => [buttonRef, menuRef], []);
  useDismiss(isOpen, insideRefs, close);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  // Opening moves focus to the first item.
  useEffect(() => {
    if (isOpen) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [isOpen]);

  const closeToButton = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'Escape') closeToButton();
    else if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(all.length - 1);
    else if (event.key === 'Tab') setIsOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={`Account: ${user.name}`}
        onClick={() => setIsOpen(!isOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
      >
        <Avatar name={user.name} email={user.email} picture={user.picture} />
        <span className="account-name">{user.name}</span>
        <svg className="account-caret" aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          className="account-dropdown"
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a[role="menuitem"]')) setIsOpen(false);
          }}
        >
          <div className="account-dropdown-who" aria-hidden="true">
            <span className="account-dropdown-name">{user.name}</span>
            <span className="account-dropdown-email">{user.email}</span>
          </div>
          <Link to="/profile" role="menuitem" className="account-dropdown-item" tabIndex={-1}>
            Profile
          </Link>
          <button
            type="button"
            role="menuitem"
            className="account-dropdown-item"
            tabIndex={-1}
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {logout.isPending ? 'Logging out…' : 'Logout'}
          </button>
          {logout.isError && (
            <p className="account-dropdown-error" role="alert">
              Logout failed: {parseApiError(logout.error).message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
