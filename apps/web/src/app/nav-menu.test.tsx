import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HEADER_LINKS, RESEARCH_TOOLS } from './header-links';
import { NavMenu } from './nav-menu';

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderMenu(path = '/', sections = [{ links: RESEARCH_TOOLS }]) {
  const element = (
    <>
      <button type="button">Before</button>
      <NavMenu label="Research tools" sections={sections} className="research-menu" />
      <button type="button">After</button>
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, button: screen.getByRole('button', { name: 'Research tools' }) };
}

const items = () => within(screen.getByRole('menu', { name: 'Research tools' })).getAllByRole('menuitem');

describe('NavMenu (the header menus)', () => {
  it('is a closed menu button until asked', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens with Enter on its first item; the items are links to the five research screens', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Research tools' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(items().map((item) => [item.tagName, item.getAttribute('href'), item.textContent])).toEqual([
      ['A', '/review', 'ReviewWrite related work from a graph of papers'],
      ['A', '/sci', 'AI ScientistResearch ideas, checked for novelty'],
      ['A', '/grants', 'GrantsFunding that fits your topic or folder'],
      ['A', '/rwf', 'Shared foldersThe Related Work Forum'],
      ['A', '/recommendations', 'RecommendationsPapers like the ones you keep'],
    ]);
    // Named by the label alone, with the line under it as the description.
    expect(items()[3]).toHaveAccessibleName('Shared folders');
    expect(items()[3]).toHaveAccessibleDescription('The Related Work Forum');
    expect(items()[0]).toHaveFocus();
  });

  it.each([
    ['Space', ' ', 0],
    ['ArrowDown', '{ArrowDown}', 0],
    ['ArrowUp', '{ArrowUp}', 4],
  ])('opens with %s on the right item', async (_name, key, focused) => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard(key);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(items()[focused]).toHaveFocus();
  });

  it('moves with the arrows (wrapping), Home, End and a first letter', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}');
    expect(items()[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(items()[4]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items()[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items()[4]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(items()[0]).toHaveFocus();
    await userEvent.keyboard('g');
    expect(items()[2]).toHaveFocus();
    await userEvent.keyboard('s');
    expect(items()[3]).toHaveFocus();
  });

  it('closes with Escape and gives focus back to the button', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when Tab or Shift+Tab leaves it', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab({ shift: true });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('toggles on click and closes on a click outside', async () => {
    const { button } = renderMenu();
    await userEvent.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(items()[0]).toHaveFocus();
    await userEvent.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows a link with Enter and closes', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/recommendations');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('follows a clicked link and closes', async () => {
    const { button } = renderMenu();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'AI Scientist' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/sci');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('marks the current page, a shared folder counting as Shared folders', async () => {
    const { button, router } = renderMenu('/rwf/12');
    expect(button).toHaveClass('has-current');
    await userEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'Shared folders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('menuitem', { name: 'Review' })).not.toHaveAttribute('aria-current');
    // A navigation from elsewhere (back/forward) closes it.
    await act(() => router.navigate('/chat'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).not.toHaveClass('has-current');
  });

  it('groups sections under their names (the phone menu)', async () => {
    const sections = [
      { label: 'Pages', links: HEADER_LINKS },
      { label: 'Research tools', links: RESEARCH_TOOLS },
    ];
    const { button } = renderMenu('/', sections);
    await userEvent.click(button);
    const pages = screen.getByRole('group', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Chat', 'Conversational Search', 'Paper Monitor', 'Daily Feed', 'Contact Us']);
    expect(within(pages).getByRole('menuitem', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('group', { name: 'Research tools' })).getAllByRole('menuitem')).toHaveLength(5);
    // The arrows run across both groups.
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Recommendations' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Home' })).toHaveFocus();
  });
});
