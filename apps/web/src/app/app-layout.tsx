import { lazy, Suspense } from 'react';
import { useFileListPanel } from '../features/file-list/file-list-panel-state';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { useResolvedRoute } from './resolved-route';
import { ScreenHost } from './screen-host';
import { useNavigationReporting } from './use-navigation-reporting';
import { useScrollMemory } from './use-scroll-memory';

// The panel (folders, uploads, dialogs) loads when first opened: it is not part of the first paint.
const FileListPanel = lazy(() =>
  import('../features/file-list/file-list-panel').then((module) => ({ default: module.FileListPanel })),
);

/** The frame around every screen: header, the screen, footer, and the File List panel. */
export function AppLayout() {
  const { route } = useResolvedRoute();
  const { isOpen: isPanelOpen, pdf } = useFileListPanel();
  useNavigationReporting(route);
  useScrollMemory(route.isKeptAlive ?? false);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <div
        className={['app-body', isPanelOpen && 'is-panel-open', isPanelOpen && pdf && 'is-pdf-open']
          .filter(Boolean)
          .join(' ')}
      >
        <main id="main" className="app-main">
          <ScreenHost />
        </main>
        <AppFooter />
      </div>
      {isPanelOpen && (
        <Suspense fallback={null}>
          <FileListPanel />
        </Suspense>
      )}
    </div>
  );
}
