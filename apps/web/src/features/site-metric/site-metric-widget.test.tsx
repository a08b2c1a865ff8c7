import type { TSiteMetric } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { SiteMetricWidget } from './site-metric-widget';

const chart = vi.hoisted(() => ({ destroy: vi.fn(), create: vi.fn() }));
vi.mock('./metric-chart', () => ({
  createMetricChart: (...args: unknown[]) => {
    chart.create(...args);
    return { destroy: chart.destroy };
  },
}));

beforeEach(() => {
  chart.create.mockClear();
  chart.destroy.mockClear();
});

describe('SiteMetricWidget (requirements §2)', () => {
  it('shows a dash until the total has loaded', async () => {
    let answer: (value: { body: TSiteMetric }) => void = () => {};
    const answered = new Promise<{ body: TSiteMetric }>((resolve) => {
      answer = resolve;
    });
    mockApi({ 'GET /api/metrics/site-metric': () => answered });
    renderWithApp(<SiteMetricWidget />);
    expect(screen.getByRole('button', { name: 'Page views: –' })).toBeInTheDocument();
    answer({ body: { total: 12345, last5: [1, 2, 3, 4, 5] } });
    expect(await screen.findByRole('button', { name: `Page views: ${(12345).toLocaleString()}` })).toBeInTheDocument();
  });

  it('stays a dash when the metric fails (logged only)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/metrics/site-metric': () => ({ status: 500, body: { error: 'INTERNAL', message: 'boom' } }) });
    renderWithApp(<SiteMetricWidget />);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Page views: –' })).toBeInTheDocument();
  });

  it('opens the chart popover, and closes it on an outside click', async () => {
    mockApi({ 'GET /api/metrics/site-metric': () => ({ body: { total: 42, last5: [0, 3, 9, 1, 4] } }) });
    renderWithApp(
      <>
        <SiteMetricWidget />
        <p>outside</p>
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Page views: 42' }));
    const popover = screen.getByRole('dialog', { name: 'Page views over the past 5 days' });
    expect(popover).toHaveTextContent('Page Views · Past 5 Days');
    const canvas = popover.querySelector('canvas');
    expect(canvas).toHaveAttribute('width', '180');
    expect(canvas).toHaveAttribute('height', '64');
    await waitFor(() => expect(chart.create).toHaveBeenCalledWith(canvas, [0, 3, 9, 1, 4], expect.any(String)));

    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chart.destroy).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and rebuilds the chart on each opening', async () => {
    mockApi({ 'GET /api/metrics/site-metric': () => ({ body: { total: 42, last5: [0, 3, 9, 1, 4] } }) });
    renderWithApp(<SiteMetricWidget />);
    const button = await screen.findByRole('button', { name: 'Page views: 42' });
    await userEvent.click(button);
    await waitFor(() => expect(chart.create).toHaveBeenCalledTimes(1));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(chart.create).toHaveBeenCalledTimes(2));
    expect(chart.destroy).toHaveBeenCalledTimes(1);
  });
});
