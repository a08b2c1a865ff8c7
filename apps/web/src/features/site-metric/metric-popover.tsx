import { type Ref, useEffect, useRef } from 'react';

/** requirements §9: the chart canvas is 180x64 px. */
const CANVAS_WIDTH = 180;
const CANVAS_HEIGHT = 64;
const FALLBACK_ACCENT = '#4f46e5';

type Props = { last5: readonly number[] | null; ref?: Ref<HTMLDivElement> };

/**
 * requirements §2: the popover with the 5-day chart. The chart is built each time the popover opens and
 * destroyed when it closes (unmounts); Chart.js itself is fetched only now, never on first paint.
 */
export function MetricPopover({ last5, ref }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !last5) return undefined;
    let chart: { destroy: () => void } | null = null;
    let isCancelled = false;
    const accent = getComputedStyle(canvas).getPropertyValue('--accent').trim() || FALLBACK_ACCENT;
    import('./metric-chart')
      .then(({ createMetricChart }) => {
        if (!isCancelled) chart = createMetricChart(canvas, last5, accent);
      })
      .catch((error: unknown) => console.error('Could not load the chart:', error));
    return () => {
      isCancelled = true;
      chart?.destroy();
    };
  }, [last5]);

  return (
    <div ref={ref} className="metric-popover" role="dialog" aria-label="Page views over the past 5 days">
      {last5 ? (
        <figure className="metric-figure">
          <canvas
            ref={canvasRef}
            width={CANVAS_WIDTH}
            height={CANVAS_HEIGHT}
            role="img"
            aria-label={`Daily page views: ${last5.join(', ')}`}
          />
          <figcaption>Page Views · Past 5 Days</figcaption>
        </figure>
      ) : (
        <p className="muted">Page views are not available right now.</p>
      )}
    </div>
  );
}
