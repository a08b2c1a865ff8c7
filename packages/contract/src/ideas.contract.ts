import { z } from 'zod';
import { aiModelResponses, c, ZError, ZEventStream, ZOk } from './common';
import {
  ZExpandedIdea,
  ZExpandIdeaRequest,
  ZGenerateIdeasRequest,
  ZGenerateIdeasResponse,
  ZIdeaParams,
  ZIdeasList,
} from './idea.schemas';

/** The AI Scientist (docs/ideas.md): ideas generated, saved per user, expanded, exported. */
export const ideasContract = c.router({
  generate: {
    method: 'POST',
    path: '/api/ideas/generate',
    body: ZGenerateIdeasRequest,
    responses: { 200: ZGenerateIdeasResponse, 409: ZError, ...aiModelResponses },
    summary: 'Generate research idea proposals from a topic and papers, each saved with its novelty check',
  },
  streamGenerate: {
    method: 'POST',
    path: '/api/ideas/stream_generate',
    body: ZGenerateIdeasRequest,
    responses: { 200: ZEventStream, 409: ZError },
    summary: 'Generate ideas, streamed',
    description:
      "ZStreamEvent 'sources' and 'passages' (the basis papers, numbered as ideas cite them), then one 'idea' event per finished (and saved) proposal, " +
      "then 'done' (its source 'extractive' when no model wrote the ideas), or 'error'.",
  },
  expand: {
    method: 'POST',
    path: '/api/ideas/expand',
    body: ZExpandIdeaRequest,
    responses: { 200: ZExpandedIdea, ...aiModelResponses },
    summary: 'Work one saved proposal out into a research plan (saved with it)',
  },
  list: {
    method: 'GET',
    path: '/api/ideas',
    responses: { 200: ZIdeasList },
    summary: "The caller's saved ideas, newest first",
  },
  delete: {
    method: 'DELETE',
    path: '/api/ideas/:id',
    pathParams: ZIdeaParams,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete one of the caller’s saved ideas',
  },
  export: {
    method: 'GET',
    path: '/api/ideas/:id/export',
    pathParams: ZIdeaParams,
    responses: { 200: z.string().describe('The idea (and its plan) as a text/markdown attachment') },
    summary: 'One saved idea as a Markdown file',
  },
});
