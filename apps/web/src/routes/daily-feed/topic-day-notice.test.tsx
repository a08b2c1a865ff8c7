import type { TDailyFeedResponse } from '@paperbench/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-app';
import { TopicDayNotice } from './topic-day-notice';

const feed: TDailyFeedResponse = {
  day: '2019-12-30',
  previous_day: '2019-12-27',
  next_day: '2019-12-31',
  total: 12,
  groups: [],
  topics_matched: true,
  skipped_day: null,
  latest_topic_day: null,
};

describe('TopicDayNotice', () => {
  it('says which day it skipped because the topics matched nothing there, and links to it', async () => {
    const { router } = renderWithApp(
      <TopicDayNotice feed={{ ...feed, skipped_day: '2019-12-31', latest_topic_day: '2019-12-30' }} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing matched your topics on Tuesday, 31 December 2019; showing Monday, 30 December 2019, the latest day with matches.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Show Tuesday, 31 December 2019 anyway' }));
    expect(router.state.location.search).toBe('?day=2019-12-31');
  });

  it('says when the day asked for has nothing for the topics, and links to the latest day that has', async () => {
    const { router } = renderWithApp(
      <TopicDayNotice feed={{ ...feed, day: '2019-12-31', topics_matched: false, latest_topic_day: '2019-12-30' }} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matched your topics on Tuesday, 31 December 2019.');
    await userEvent.click(
      screen.getByRole('link', { name: 'Go to Monday, 30 December 2019, the latest day with matches' }),
    );
    expect(router.state.location.search).toBe('?day=2019-12-30');
  });

  it('says when the topics match nothing in the whole corpus', () => {
    renderWithApp(<TopicDayNotice feed={{ ...feed, topics_matched: false, latest_topic_day: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing matched your topics on Monday, 30 December 2019. They match no paper in the corpus yet.',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is silent on a day the topics match, and for a caller without topics', () => {
    const { container } = renderWithApp(
      <>
        <TopicDayNotice feed={feed} />
        <TopicDayNotice feed={{ ...feed, topics_matched: null }} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
