import { Link } from 'react-router';
import { APP_NAME } from './route-table';

/** requirements §2 Footer: a 2025 copyright line; Terms of Use and Privacy Policy open in a new tab. */
export function AppFooter() {
  return (
    <footer className="app-footer">
      <span>© 2025 {APP_NAME}</span>
      <nav aria-label="Legal" className="app-footer-links">
        <Link to="/terms-of-use" target="_blank" rel="noopener">
          Terms of Use
        </Link>
        <Link to="/privacy-policy" target="_blank" rel="noopener">
          Privacy Policy
        </Link>
      </nav>
    </footer>
  );
}
