import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PdfToolbar } from './pdf-toolbar';

describe('the PDF toolbar (docs/reading.md)', () => {
  it('is one named toolbar whose toggles say whether they are on, and every button has a name', async () => {
    const onOutline = vi.fn();
    render(
      <PdfToolbar
        page={2}
        pageCount={9}
        scale={1}
        onZoomIn={() => {}}
        onZoomOut={() => {}}
        onFitWidth={() => {}}
        outline={{ isOn: false, onToggle: onOutline }}
        find={{ isOn: true, onToggle: () => {} }}
        darkPages={{ isOn: false, onToggle: () => {} }}
      />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'PDF tools' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Outline', 'Find', 'Dark pages', 'Zoom out', 'Zoom in', 'Fit width']);
    expect(within(toolbar).getByRole('button', { name: 'Find' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toolbar).getByRole('button', { name: 'Dark pages' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Outline' }));
    expect(onOutline).toHaveBeenCalledOnce();
    expect(within(toolbar).getByText('Page 2 / 9')).toBeInTheDocument();
  });
});
