import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { usePaperQuery } from '../../features/papers/api';
import { PaperDetails } from './paper-details';
import '../../features/paper-card/paper-card.css';
import './paper-screen.css';

/** requirements §2: /paper/{id}/{platform?}, platform defaults to arxiv (requirements §9). */
export default function PaperScreen({ params }: TScreenProps) {
  const paperId = params.id ?? '';
  const platform = params.platform ?? 'arxiv';
  const query = usePaperQuery({ paper_id: paperId, platform });

  if (query.isPending) {
    return (
      <p className="screen-loading" role="status">
        Loading paper…
      </p>
    );
  }
  if (query.isError) {
    const error = parseApiError(query.error);
    return (
      <section className="screen screen-narrow">
        <h1>{error.status === 404 ? 'Paper not found' : 'This paper could not be loaded'}</h1>
        <p className="lead">
          {error.status === 404 ? (
            <>
              There is no {platform} paper <code>{paperId}</code> here.
            </>
          ) : (
            error.message
          )}
        </p>
        <Link className="button" to="/">
          Back to home
        </Link>
      </section>
    );
  }
  return <PaperDetails paper={query.data} />;
}
