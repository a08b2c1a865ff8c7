import { c, ZEventStream } from './common';
import { ZExpandedIdea, ZExpandIdeaRequest, ZGenerateIdeasRequest, ZGenerateIdeasResponse } from './idea.schemas';

export const ideasContract = c.router({
  generate: {
    method: 'POST',
    path: '/api/ideas/generate',
    body: ZGenerateIdeasRequest,
    responses: { 200: ZGenerateIdeasResponse },
    summary: 'Generate research idea proposals from a topic and papers',
  },
  streamGenerate: {
    method: 'POST',
    path: '/api/ideas/stream_generate',
    body: ZGenerateIdeasRequest,
    responses: { 200: ZEventStream },
    summary: 'Generate ideas, streamed',
    description: "ZStreamEvent 'delta' events carry text; each finished proposal arrives as an 'idea' event.",
  },
  expand: {
    method: 'POST',
    path: '/api/ideas/expand',
    body: ZExpandIdeaRequest,
    responses: { 200: ZExpandedIdea },
    summary: 'Work one proposal out into a research plan',
  },
});
