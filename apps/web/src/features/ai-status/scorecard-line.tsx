import { WEB_ROUTE_PATHS } from '@paperbench/contract';
import { Link } from 'react-router';
import { useAiScorecardQuery } from './api';
import { scorecardHeadline } from './scorecard-headline';
import './ai-status.css';

export const NOT_MEASURED_TEXT = 'Not measured yet';
export const AI_STATUS_LINK_TEXT = 'AI status';

/**
 * docs/ai.md#scorecard: under an AI screen's title, who answers (the model or extractive mode) and how
 * it did in the last `pnpm eval`, so a user can judge it before trusting its answers.
 */
export function ScorecardLine() {
  const status = useAiScorecardQuery();
  if (!status.data) return null;
  const { mode, model, scorecard } = status.data;
  return (
    <p className="scorecard-line">
      <span className="scorecard-line-who">{mode === 'model' ? `Answers by ${model}` : 'Extractive answers'}</span>
      <span className={scorecard ? 'scorecard-line-score' : 'scorecard-line-score is-missing'}>
        {scorecard ? scorecardHeadline(scorecard) : NOT_MEASURED_TEXT}
      </span>
      <Link to={WEB_ROUTE_PATHS.aiSettings} className="scorecard-line-link">
        {AI_STATUS_LINK_TEXT}
      </Link>
    </p>
  );
}
