import { Link, NavLink } from 'react-router';
import { FileListToggle } from '../features/file-list/file-list-toggle';
import { HeaderIdentity } from '../features/identity/header-identity';
import { SiteMetricWidget } from '../features/site-metric/site-metric-widget';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { Icon } from '../features/ui/icons';
import { HEADER_LINKS, RESEARCH_TOOLS, RESEARCH_TOOLS_LABEL } from './header-links';
import { NavMenu, type TNavMenuSection } from './nav-menu';
import { APP_NAME } from './route-table';

const RESEARCH_SECTIONS: readonly TNavMenuSection[] = [{ links: RESEARCH_TOOLS }];
/** On phones one menu holds the whole navigation: the spec's six links, then the research tools. */
const PHONE_SECTIONS: readonly TNavMenuSection[] = [
  { label: 'Pages', links: HEADER_LINKS },
  { label: RESEARCH_TOOLS_LABEL, links: RESEARCH_TOOLS },
];

/**
 * requirements §2 Header: the brand, the six links and the research-tools menu, then the site metric widget,
 * the theme toggle (docs/reading.md#themes), sign-in or the account menu, and the File List toggle. On phones (styles/header.css) the links and the
 * research tools fold into one Menu button at the end of the row.
 */
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
        {HEADER_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end={link.isEnd ?? false} className="app-nav-link">
            {link.label}
          </NavLink>
        ))}
        <NavMenu label={RESEARCH_TOOLS_LABEL} sections={RESEARCH_SECTIONS} className="research-menu" />
      </nav>
      <div className="app-header-actions">
        <SiteMetricWidget />
        <ThemeToggle />
        <HeaderIdentity />
        <FileListToggle />
      </div>
      <nav className="app-phone-nav" aria-label="Main menu">
        <NavMenu
          label="Menu"
          sections={PHONE_SECTIONS}
          className="phone-menu"
          icon={<Icon name="menu" size={18} strokeWidth={2} />}
        />
      </nav>
    </header>
  );
}
