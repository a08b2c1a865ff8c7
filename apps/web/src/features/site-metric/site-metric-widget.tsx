import { useCallback, useMemo, useRef, useState } from 'react';
import { formatPageViews } from '../../lib/number-format';
import { useDismiss } from '../ui/use-dismiss';
import { useSiteMetricQuery } from './api';
import { MetricPopover } from './metric-popover';
import './site-metric.css';

/**
 * requirements §2 Site metric widget: a button with the total page views ('–' until loaded; a failure is
 * logged only, requirements §8) that opens a popover with the 5-day trend.
 */
export function SiteMetricWidget() {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const { data: metric, refetch } = useSiteMetricQuery();
  const total = formatPageViews(metric?.total);

  const close = useCallback(() => setIsOpen(false), []);
  const insideRefs = useMemo(() => [buttonRef, popoverRef], []);
  useDismiss(isOpen, insideRefs, close);

  const toggle = () => {
    if (!isOpen) void refetch();
    setIsOpen(!isOpen);
  };

  return (
    <div className="site-metric">
      <button
        ref={buttonRef}
        type="button"
        className="button site-metric-button"
        aria-label={`Page views: ${total}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        title="Total page views"
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path
            d="M4 19V11M10 19V5M16 19v-6M22 19H2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span>{total}</span>
      </button>
      {isOpen && <MetricPopover ref={popoverRef} last5={metric?.last5 ?? null} />}
    </div>
  );
}
