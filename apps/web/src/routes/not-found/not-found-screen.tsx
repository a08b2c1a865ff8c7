import { Link, useLocation } from 'react-router';

/** requirements §2: any other path shows the 404 page. */
export default function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <section className="screen screen-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="lead">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className="button button-primary">
        Back to home
      </Link>
    </section>
  );
}
