import { z } from 'zod';
import { c, ZError, ZOk } from './common';
import { ZAddTopicRequest, ZTopic, ZTopicsResponse } from './topic.schemas';

export const topicsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/topics',
    responses: { 200: ZTopicsResponse },
    summary: 'Topics the user follows',
  },
  add: {
    method: 'POST',
    path: '/api/topics',
    body: ZAddTopicRequest,
    responses: { 200: ZTopicsResponse, 409: ZError },
    summary: 'Follow a topic (following it twice is harmless); returns all topics',
    description:
      'Compared case-insensitively: following "GNN" while "gnn" is followed changes nothing and keeps the first spelling. 409 when the user already follows MAX_TOPICS topics.',
  },
  remove: {
    method: 'DELETE',
    path: '/api/topics/:topic',
    pathParams: z.object({ topic: ZTopic }),
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Unfollow a topic',
    description: 'topic is URL-encoded. ok is false when the user did not follow it.',
  },
});
