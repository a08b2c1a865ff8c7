import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ensureUserId } from './api/identity';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/app-providers';
import { reloadOnPreloadError } from './app/reload-on-preload-error';
import { createAppRouter } from './app/router';
import './styles/global.css';

// requirements §1: a visitor with no stored id asks for one at once; every request waits for this.
void ensureUserId();
reloadOnPreloadError();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
