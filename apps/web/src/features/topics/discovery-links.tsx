import { Link } from 'react-router';

const PAGES = [
  { path: '/monitor', label: 'Paper Monitor' },
  { path: '/daily-feed', label: 'Daily Feed' },
  { path: '/recommendations', label: 'Recommendations' },
  { path: '/subscription', label: 'Email digest' },
] as const;

/**
 * The discovery pages link to one another: the spec fixes the header's links, so Recommendations and
 * the Email digest are reached from here.
 */
export function DiscoveryLinks({ current }: { current: (typeof PAGES)[number]['path'] }) {
  return (
    <nav className="discovery-links" aria-label="Discovery">
      {PAGES.filter((page) => page.path !== current).map((page) => (
        <Link key={page.path} className="button" to={page.path}>
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
