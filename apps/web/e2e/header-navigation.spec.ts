import { expect, type Page, test } from '@playwright/test';
import { headerSignInButton } from './support/google';
import { openApp } from './support/library';

/**
 * requirements §2 Header: the six links, and every other screen one click away through Research tools (on
 * phones, through one Menu). Nothing in the header is cut off at a laptop, a tablet or a phone width.
 */
const WIDTHS = [
  { width: 1280, height: 800, isPhone: false },
  { width: 1024, height: 800, isPhone: false },
  { width: 390, height: 844, isPhone: true },
] as const;

const SPEC_LINKS = ['Home', 'Chat', 'Conversational Search', 'Paper Monitor', 'Daily Feed', 'Contact Us'];
const RESEARCH_TOOLS = ['Review', 'AI Scientist', 'Grants', 'Shared folders', 'Recommendations'];

type TClipped = { name: string; box: string; clippedBy: string };

/**
 * Every shown link and button of the header whose box leaves the viewport, or is cut by an ancestor
 * that clips (overflow other than visible, or a mask), or whose own text is cut; and the header's and
 * the page's horizontal overflow.
 */
function measureHeader(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header.app-header') as HTMLElement;
    const clipped: TClipped[] = [];
    const controls = [...header.querySelectorAll<HTMLElement>('a, button')].filter((el) => el.checkVisibility());
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
      const describe = `${Math.round(box.left)}..${Math.round(box.right)} × ${Math.round(box.top)}..${Math.round(box.bottom)}`;
      if (box.left < 0 || box.right > window.innerWidth + 0.5 || box.top < 0 || box.bottom > window.innerHeight) {
        clipped.push({ name, box: describe, clippedBy: 'viewport' });
      }
      if (el.scrollWidth > el.clientWidth + 1) clipped.push({ name, box: describe, clippedBy: 'its own text' });
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.maskImage !== 'none';
        if (!clips) continue;
        const outer = parent.getBoundingClientRect();
        if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) {
          clipped.push({ name, box: describe, clippedBy: parent.className || parent.tagName });
        }
      }
    }
    return {
      clipped,
      names: controls.map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()),
      header: { scrollWidth: header.scrollWidth, clientWidth: header.clientWidth },
      page: { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth },
    };
  });
}

async function expectHeaderFits(page: Page) {
  const measured = await measureHeader(page);
  expect(measured.clipped).toEqual([]);
  expect(measured.header.scrollWidth).toBeLessThanOrEqual(measured.header.clientWidth);
  expect(measured.page.scrollWidth).toBeLessThanOrEqual(measured.page.innerWidth);
  return measured;
}

for (const { width, height, isPhone } of WIDTHS) {
  test(`[HEADER] at ${width} px every header link and button is whole and on screen, menu open or closed`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openApp(page, '/');
    // The widest control arrives last: Google's sign-in button, rendered by its script.
    await expect(headerSignInButton(page)).toBeVisible();
    const banner = page.getByRole('banner');
    const measured = await expectHeaderFits(page);

    const menuName = isPhone ? 'Menu' : 'Tools';
    const button = banner.getByRole('button', { name: menuName, exact: true });
    if (isPhone) {
      for (const name of [...SPEC_LINKS, 'Tools']) expect(measured.names).not.toContain(name);
    } else {
      for (const name of SPEC_LINKS) await expect(banner.getByRole('link', { name, exact: true })).toBeInViewport();
      await expect(banner.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    }
    await expect(button).toBeInViewport({ ratio: 1 });

    await button.click();
    const menu = page.getByRole('menu', { name: menuName });
    await expect(menu).toBeVisible();
    await expect(menu).toBeInViewport({ ratio: 1 });
    const expected = isPhone ? [...SPEC_LINKS, ...RESEARCH_TOOLS] : RESEARCH_TOOLS;
    for (const name of expected) {
      const item = menu.getByRole('menuitem', { name, exact: true });
      await expect(item).toBeInViewport({ ratio: 1 });
      expect(await item.evaluate((el) => el.tagName)).toBe('A');
    }
    await expectHeaderFits(page);
  });
}

test('[HEADER] Research tools by keyboard: Enter opens on the first item, arrows move, Escape returns, Tab leaves', async ({
  page,
}) => {
  await openApp(page, '/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Tools' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'Tools' });
  await expect(menu.getByRole('menuitem', { name: 'Review' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'AI Scientist' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Recommendations' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await page.keyboard.press('Space');
  await expect(menu.getByRole('menuitem', { name: 'Review' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // ArrowDown opens it too; Enter on an item follows its link.
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Grants' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/grants$/);
  await expect(page).toHaveTitle('Grant Search · Paperbench');
  await expect(menu).toHaveCount(0);
});

test('[HEADER] Research tools by mouse: a click outside closes it, a tool link opens its screen and is marked current', async ({
  page,
  context,
}) => {
  await openApp(page, '/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Tools' });
  const menu = page.getByRole('menu', { name: 'Tools' });

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // Main's left margin halfway down: outside the menu and never under the sticky header, which covers
  // main's top edge while the home screen is still laying out.
  const main = await page.getByRole('main').boundingBox();
  if (!main) throw new Error('the page has no main landmark');
  await page.mouse.click(main.x + 5, main.y + main.height / 2);
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // The items are real links: a middle-click opens the screen in a new tab and leaves this page be.
  await button.click();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    menu.getByRole('menuitem', { name: 'Recommendations' }).click({ button: 'middle' }),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/recommendations');
  await tab.close();
  await expect(page).toHaveURL(/\/$/);

  await menu.getByRole('menuitem', { name: 'Shared folders' }).click();
  await expect(page).toHaveURL(/\/rwf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Related Work Forum' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await expect(menu.getByRole('menuitem', { name: 'Shared folders' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('menuitem', { name: 'Review' })).not.toHaveAttribute('aria-current');
});

test('[HEADER] at 390 px one Menu holds the six links and the research tools, by keyboard and by touch', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, '/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  const menu = page.getByRole('menu', { name: 'Menu' });

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('group', { name: 'Tools' }).getByRole('menuitem')).toHaveCount(5);
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Recommendations' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  await menu.getByRole('menuitem', { name: 'AI Scientist' }).click();
  await expect(page).toHaveURL(/\/sci$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Scientist' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await menu.getByRole('menuitem', { name: 'Paper Monitor' }).click();
  await expect(page).toHaveURL(/\/monitor$/);
  await expect(menu).toHaveCount(0);
});
