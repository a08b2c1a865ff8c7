import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/app-providers';

/**
 * Renders `element` at `path` (a location with router state too) inside the app's providers, with '/search' as a second route so
 * navigation can be asserted. Returns the router to read its location.
 */
export function renderWithApp(element: ReactElement, path: InitialEntry = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/search', element: <p>search page</p> },
      { path: '*', element },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
