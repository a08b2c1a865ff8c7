import { expect, test } from '@playwright/test';
import { APP_ROUTES, documentTitleOf, NOT_FOUND_ROUTE } from '../src/app/route-table';

/** A concrete URL for each route pattern of the table. */
function sampleUrl(pattern: string): string {
  if (pattern === '*') return '/definitely/not/here';
  return pattern
    .replace(':id', '1912.13470')
    .replace('/:platform?', '/arxiv')
    .replace(':folderId', '42')
    .replace(':share_id', 'shared-list-1');
}

test('[ROUTES] each route sets its document title', async ({ page }) => {
  for (const route of APP_ROUTES) {
    await page.goto(sampleUrl(route.path));
    // This browser is signed out: an administrators' page is the 404 page to it, its title too
    // (docs/deploy.md#the-admin-page; e2e/admin.spec.ts has an administrator's).
    const expected = documentTitleOf(route.isAdminOnly ? NOT_FOUND_ROUTE : route);
    await expect(page, `title of ${route.path}`).toHaveTitle(expected);
  }
});

test('[ROUTES] client-side navigation updates the title too', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home · Paperbench');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Paper Monitor' }).click();
  await expect(page).toHaveTitle('Paper Monitor · Paperbench');
  await expect(page.getByRole('heading', { level: 1, name: 'Paper Monitor' })).toBeVisible();
});
