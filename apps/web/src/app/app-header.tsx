import { Link, NavLink } from 'react-router';
import { FileListToggle } from '../features/file-list/file-list-toggle';
import { HeaderIdentity } from '../features/identity/header-identity';
import { SiteMetricWidget } from '../features/site-metric/site-metric-widget';
import { APP_NAME } from './route-table';

/** spec §2 Header links, in this order. */
const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/chat', label: 'Chat' },
  { to: '/conversational-search', label: 'Conversational Search' },
  { to: '/monitor', label: 'Paper Monitor' },
  { to: '/daily-feed', label: 'Daily Feed' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export function AppHeader() {
  return (
    <header className="app-header">
      <Link to="/" className="brand" aria-label={`${APP_NAME} home`}>
        <span className="brand-mark" aria-hidden="true">
          P
        </span>
        <span className="brand-name">{APP_NAME}</span>
      </Link>
      <nav className="app-nav" aria-label="Main">
        {NAV_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end className="app-nav-link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      {/* spec §2: right side — the site metric widget, then sign-in or the account menu, and the File List toggle. */}
      <div className="app-header-actions">
        <SiteMetricWidget />
        <HeaderIdentity />
        <FileListToggle />
      </div>
    </header>
  );
}
