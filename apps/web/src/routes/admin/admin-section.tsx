import type { ReactNode } from 'react';
import { parseApiError } from '../../api/parse-api-error';

/** One card of the admin page: its heading (an anchor for the page's table of contents), an optional action. */
export function AdminSection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="admin-section" id={id} aria-labelledby={`${id}-heading`}>
      <header className="admin-section-header">
        <div>
          <h2 id={`${id}-heading`}>{title}</h2>
          {description && <p className="admin-section-description">{description}</p>}
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}

/** A query's state in place of its content: loading, or the error's sentence. */
export function QueryState({ isPending, error }: { isPending: boolean; error: unknown }) {
  if (error) {
    return (
      <p className="admin-error" role="alert">
        {parseApiError(error).message}
      </p>
    );
  }
  if (isPending) return <p className="admin-muted">Loading…</p>;
  return null;
}

/** A mutation's failure, next to the button that started it. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="admin-error" role="alert">
      {parseApiError(error).message}
    </p>
  );
}

/** A figure with its label (the stats rows of the queue, corpus and AI sections). */
export function Stat({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: ReactNode;
  /** A small line under the value (when it happened). */
  detail?: string | null;
  tone?: 'danger' | 'success' | undefined;
}) {
  return (
    <div className={`admin-stat${tone ? ` admin-stat-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>
        {value}
        {detail && <span className="admin-stat-detail">{detail}</span>}
      </dd>
    </div>
  );
}
