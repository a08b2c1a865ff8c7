import type { ReactNode } from 'react';

/** An honest placeholder for a screen whose feature is built in a later issue. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="screen screen-narrow">
      <h1>{title}</h1>
      <p className="lead">{children}</p>
      <p className="coming-soon">This screen is coming soon.</p>
    </section>
  );
}
