import type { TUser } from '@paperbench/contract';
import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useMenuButton } from '../ui/use-menu-button';
import { useIsAdminQuery, useLogoutMutation } from './api';
import { Avatar } from './avatar';
import './identity.css';

/**
 * requirements §2 Header, signed in: the avatar, the user's name and a dropdown with Profile and Logout. A menu
 * button (features/ui/use-menu-button.ts): the keyboard and dismissal rules of every header menu.
 */
export function AccountMenu({ user }: { user: TUser }) {
  const { isOpen, close, wrapperRef, buttonProps, menuProps } = useMenuButton();
  const logout = useLogoutMutation();
  const isAdmin = useIsAdminQuery().data === true;

  return (
    <div ref={wrapperRef} className="account-menu">
      <button type="button" className="account-button" aria-label={`Account: ${user.name}`} {...buttonProps}>
        <Avatar name={user.name} email={user.email} picture={user.picture} />
        <span className="account-name">{user.name}</span>
        <svg className="account-caret" aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {isOpen && (
        <div className="menu-panel account-dropdown" role="menu" aria-label="Account" {...menuProps}>
          <div className="account-dropdown-who" aria-hidden="true">
            <span className="account-dropdown-name">{user.name}</span>
            <span className="account-dropdown-email">{user.email}</span>
          </div>
          <Link to="/profile" role="menuitem" className="account-dropdown-item" tabIndex={-1} onClick={close}>
            Profile
          </Link>
          {isAdmin && (
            <Link to="/admin" role="menuitem" className="account-dropdown-item" tabIndex={-1} onClick={close}>
              Admin
            </Link>
          )}
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
