import { paperRefKey, type TRecommendation } from '@paperbench/contract';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { PaperCard } from '../paper-card/paper-card';
import { TexText } from '../tex/tex-text';
import './recommendations.css';

/** Score 0..1 as a short label: how strongly the paper matches the papers it was picked from. */
export function matchLabel(score: number): string {
  if (score >= 0.45) return 'Strong match';
  if (score >= 0.25) return 'Good match';
  return 'Related';
}

/**
 * A recommended paper: why it is shown (the kept papers it is close to, linked, and the words they
 * share) above the paper card every list uses (PDF, Details, Add to File List).
 */
export function RecommendedPaper({ paper }: { paper: TRecommendation }) {
  return (
    <div className="recommended-paper">
      <div className="recommendation-why">
        <p className="recommendation-reason">
          <span className="match-badge" title={`Similarity ${paper.score.toFixed(2)}`}>
            {matchLabel(paper.score)}
          </span>
          <span>{paper.reason}</span>
        </p>
        {paper.similar_to.length > 0 && (
          <p className="recommendation-close">
            <span className="recommendation-close-label">Close to:</span>
            {paper.similar_to.map((similar) => (
              <Link key={paperRefKey(similar)} to={paperDetailPath(similar)}>
                <TexText text={similar.title} />
              </Link>
            ))}
          </p>
        )}
      </div>
      <PaperCard paper={paper} />
    </div>
  );
}
