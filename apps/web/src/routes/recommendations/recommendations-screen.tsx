import { paperRefKey } from '@paperbench/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { useFoldersQuery } from '../../features/library/api';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { useRecommendationsQuery } from '../../features/recommendations/api';
import { RecommendedPaper } from '../../features/recommendations/recommended-paper';
import { ScopePicker } from '../../features/recommendations/scope-picker';
import { distinctFiles } from '../../lib/paper-refs';
import './recommendations-screen.css';

/** `?folder=12` selects a folder; anything else means "For you" (all files). */
function folderIdOf(value: string | null): number | null {
  return value && /^[0-9]{1,10}$/.test(value) ? Number(value) : null;
}

/**
 * /recommendations: papers like the ones the user keeps, from all their files or one folder, each
 * saying which kept papers it is close to. Built on the papers' words (tf-idf), no AI service.
 */
export default function RecommendationsScreen({ title }: TScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const folders = useFoldersQuery();
  const librarySize = folders.data ? distinctFiles(folders.data).length : 0;
  const requested = folderIdOf(searchParams.get('folder'));
  const folder = folders.data?.find((f) => f.id === requested) ?? null;
  const folderId = folder?.id ?? null;
  const [excludeExisting, setExcludeExisting] = useState(true);
  const hasPapers = folder ? folder.files.length > 0 : librarySize > 0;
  const recommendations = useRecommendationsQuery(folderId, excludeExisting);

  const selectFolder = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id === null) next.delete('folder');
    else next.set('folder', String(id));
    setSearchParams(next, { replace: true });
  };

  return (
    <section className="screen recommendations-screen">
      <h1>{title}</h1>
      <p className="lead">
        Papers picked for you from what you keep in your folders, by the words their titles and abstracts share.
      </p>
      {folders.isPending ? (
        <PaperListSkeleton count={3} />
      ) : librarySize === 0 ? (
        <div className="empty-state">
          <h2>Add papers to your folders to get recommendations</h2>
          <p>
            Search or browse, press <strong>Add to File List</strong> on a few papers you like, and come back here.
          </p>
          <Link className="button button-primary" to="/">
            Find papers
          </Link>
        </div>
      ) : (
        <>
          <div className="recommendations-toolbar">
            <ScopePicker folders={folders.data ?? []} folderId={folderId} onChange={selectFolder} />
            <label className="exclude-toggle">
              <input
                type="checkbox"
                checked={excludeExisting}
                onChange={(event) => setExcludeExisting(event.target.checked)}
              />
              Hide papers I already have
            </label>
          </div>
          {!hasPapers ? (
            <div className="empty-state">
              <h2>“{folder?.name}” has no papers yet</h2>
              <p>Add a few papers to this folder, or pick another one above.</p>
            </div>
          ) : (
            <RecommendationList
              state={recommendations}
              basis={folder ? `the papers in “${folder.name}”` : 'all your files'}
            />
          )}
        </>
      )}
    </section>
  );
}

function RecommendationList({ state, basis }: { state: ReturnType<typeof useRecommendationsQuery>; basis: string }) {
  if (state.isPending) return <PaperListSkeleton count={4} />;
  if (state.isError) {
    return (
      <div className="error-state" role="alert">
        <h2>Recommendations could not be loaded</h2>
        <p>{parseApiError(state.error).message}</p>
      </div>
    );
  }
  if (state.data.length === 0) {
    return (
      <div className="empty-state">
        <h2>No close matches yet</h2>
        <p>Nothing in the corpus shares enough words with {basis}. Add a few more papers and look again.</p>
      </div>
    );
  }
  return (
    <>
      <p className="recommendations-summary" aria-live="polite">
        {state.data.length} papers like {basis}, best match first
      </p>
      <div className="paper-list" aria-busy={state.isFetching}>
        {state.data.map((paper) => (
          <RecommendedPaper key={paperRefKey(paper)} paper={paper} />
        ))}
      </div>
    </>
  );
}
