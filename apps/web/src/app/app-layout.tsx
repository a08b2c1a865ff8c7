import { FileListPanel } from '../features/file-list/file-list-panel';
import { useFileListPanel } from '../features/file-list/file-list-panel-state';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { useResolvedRoute } from './resolved-route';
import { ScreenHost } from './screen-host';
import { useNavigationReporting } from './use-navigation-reporting';
import { useScrollMemory } from './use-scroll-memory';

/** The frame around every screen: header, the screen, footer, and the File List panel. */
export function AppLayout() {
  const { route } = useResolvedRoute();
  const { isOpen: isPanelOpen } = useFileListPanel();
  useNavigationReporting(route);
  useScrollMemory(route.isKeptAlive ?? false);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <div className={isPanelOpen ? 'app-body is-panel-open' : 'app-body'}>
        <main id="main" className="app-main">
          <ScreenHost />
        </main>
        <AppFooter />
      </div>
      {isPanelOpen && <FileListPanel />}
    </div>
  );
}
