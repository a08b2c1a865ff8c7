import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { lastFiveDayLabels, metricStepSize } from '../../lib/metric-scale';

// Only the pieces a small line chart needs, so the lazily loaded chunk stays small.
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Tooltip);

export type TMetricChart = { destroy: () => void };

/** requirements §2 / §9: the 5-point page-view trend; y-axis step = max / 3 rounded up. */
export function createMetricChart(canvas: HTMLCanvasElement, last5: readonly number[], accent: string): TMetricChart {
  const stepSize = metricStepSize(last5);
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels: lastFiveDayLabels(),
      datasets: [
        {
          data: [...last5],
          borderColor: accent,
          backgroundColor: `${accent}22`,
          fill: true,
          tension: 0.35,
          pointRadius: 2.5,
          borderWidth: 2,
        },
      ],
    },
    options: {
      responsive: false,
      animation: false,
      // Room for the points on the top and right edges, which the tiny canvas would otherwise clip.
      layout: { padding: { top: 5, right: 5 } },
      plugins: { legend: { display: false }, tooltip: { displayColors: false } },
      scales: {
        x: { display: false },
        y: {
          beginAtZero: true,
          max: stepSize * 3,
          border: { display: false },
          grid: { color: 'rgba(100, 116, 139, 0.15)' },
          ticks: { stepSize, font: { size: 9 }, color: '#64748b', padding: 4 },
        },
      },
    },
  });
}
