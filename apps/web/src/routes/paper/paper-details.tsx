import type { TPaper } from '@paperbench/contract';
import { Link } from 'react-router';
import { PaperMarkCount } from '../../features/annotations/panel-mark-counts';
import { CommentThread } from '../../features/comments/comment-thread';
import { useFileListPanel } from '../../features/file-list/file-list-panel-state';
import { AddToFileListButton } from '../../features/folders-picker/add-to-file-list-button';
import { ReferencesSection } from '../../features/references/references-section';
import { TexText } from '../../features/tex/tex-text';
import { paperDetailPath } from '../../lib/app-paths';
import { formatPaperDate } from '../../lib/paper-format';
import { pdfUrlOf, sourceUrlOf } from '../../lib/paper-urls';
import { viewerPdfUrl } from '../../lib/pdf-source';

/** The paper's full record: title and abstract with TeX, all authors, dates, categories, DOI, comments. */
export function PaperDetails({ paper }: { paper: TPaper }) {
  const { openPdf } = useFileListPanel();
  const sourceUrl = sourceUrlOf(paper);
  // Read opens the in-app viewer, as every PDF action does; the viewer's 'Open in new window' is the plain
  // link (a signed short-lived URL for an upload, docs/security.md#sessions).
  const viewerUrl = viewerPdfUrl(pdfUrlOf(paper));
  const published = formatPaperDate(paper.published_date, paper.published_precision);
  const updated = formatPaperDate(paper.updated_date);

  return (
    <article className="screen paper-detail" aria-labelledby="paper-title">
      <p className="paper-detail-platform">
        <span className="tag tag-platform">{paper.platform.toUpperCase()}</span>
        <span className="muted">{paper.paper_id}</span>
        <PaperMarkCount paper={{ paper_id: paper.paper_id, platform: paper.platform }} />
      </p>
      <h1 id="paper-title">
        <TexText text={paper.title || 'Untitled paper'} />
      </h1>
      <p className="paper-detail-authors">{paper.authors.length ? paper.authors.join(', ') : 'Unknown authors'}</p>
      <dl className="paper-detail-facts">
        {published && (
          <>
            <dt>Published</dt>
            <dd>
              <time dateTime={paper.published_date ?? undefined}>{published}</time>
            </dd>
          </>
        )}
        {updated && updated !== published && (
          <>
            <dt>Updated</dt>
            <dd>
              <time dateTime={paper.updated_date ?? undefined}>{updated}</time>
            </dd>
          </>
        )}
        {paper.doi && (
          <>
            <dt>DOI</dt>
            <dd>
              <a href={`https://doi.org/${paper.doi}`} target="_blank" rel="noopener noreferrer">
                {paper.doi}
              </a>
            </dd>
          </>
        )}
        {paper.also_on && (
          <>
            {/* docs/uploads.md#metadata-from-the-pdf: the upload's DOI or arXiv id matched a corpus paper. */}
            <dt>Also on {paper.also_on.platform === 'arxiv' ? 'arXiv' : paper.also_on.platform.toUpperCase()}</dt>
            <dd>
              <Link to={paperDetailPath(paper.also_on)}>{paper.also_on.paper_id}</Link>
            </dd>
          </>
        )}
        {paper.comments && (
          <>
            <dt>Comments</dt>
            <dd>{paper.comments}</dd>
          </>
        )}
      </dl>
      {paper.categories.length > 0 && (
        <ul className="paper-tags" aria-label="Categories">
          {paper.categories.map((category) => (
            <li key={category} className="tag">
              {category}
            </li>
          ))}
        </ul>
      )}
      <div className="paper-detail-actions">
        {viewerUrl && (
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              openPdf({
                name: paper.title,
                url: viewerUrl,
                paper: { paper_id: paper.paper_id, platform: paper.platform },
              })
            }
          >
            Read
          </button>
        )}
        <AddToFileListButton paper={paper} />
        {sourceUrl && (
          <a className="button" href={sourceUrl} target="_blank" rel="noopener noreferrer">
            Source
          </a>
        )}
      </div>
      <section className="paper-detail-abstract" aria-labelledby="abstract-title">
        <h2 id="abstract-title">Abstract</h2>
        {paper.abstract ? (
          <p>
            <TexText text={paper.abstract} />
          </p>
        ) : (
          <p className="muted">No abstract.</p>
        )}
      </section>
      <ReferencesSection paper={{ paper_id: paper.paper_id, platform: paper.platform }} />
      <CommentThread
        target={{ kind: 'paper', paper: { paper_id: paper.paper_id, platform: paper.platform } }}
        canComment
      />
    </article>
  );
}
