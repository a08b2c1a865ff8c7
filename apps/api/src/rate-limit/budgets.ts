import { contract } from '@paperbench/contract';
import type { AppRoute } from '@ts-rest/core';
import type { Config } from '../config';

/**
 * The named request budgets of docs/security.md#rate-limits-and-quotas, in one place (as Cal.com names its limits). Each is
 * counted per IP always, and per user as well when X-User-ID identified the caller (per token instead when a
 * personal access token did: docs/security.md#personal-access-tokens).
 */
export type BudgetName =
  | 'get_id'
  | 'search'
  | 'upload'
  | 'pdf_proxy'
  | 'mail'
  | 'contact'
  | 'write'
  | 'ai'
  | 'ai_daily'
  | 'comment'
  | 'annotation'
  | 'reading'
  | 'sign_in'
  | 'token';

export interface Budget {
  name: BudgetName;
  /** Requests allowed per window, per key. */
  max: number;
  windowMs: number;
  /** What is counted, for the 429's sentence: "at most 120 searches a minute". */
  noun: string;
  /** Counted per identified user only (a day's allowance, docs/ai.md#budgets), not per IP, whichever credential. */
  perUserOnly?: boolean;
  /** Counted per personal access token only, on every request made with one (not per IP, not per route). */
  perTokenOnly?: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function budgetsFromConfig(config: Config): Record<BudgetName, Budget> {
  const budget = (name: BudgetName, max: number, windowMs: number, noun: string): Budget => ({
    name,
    max,
    windowMs,
    noun,
  });
  return {
    get_id: budget('get_id', config.RATE_LIMIT_GET_ID_PER_HOUR, HOUR, 'new ids'),
    search: budget('search', config.RATE_LIMIT_SEARCH_PER_MINUTE, MINUTE, 'searches'),
    upload: budget('upload', config.RATE_LIMIT_UPLOAD_PER_HOUR, HOUR, 'uploads'),
    pdf_proxy: budget('pdf_proxy', config.RATE_LIMIT_PDF_PROXY_PER_MINUTE, MINUTE, 'remote PDF requests'),
    mail: budget('mail', config.RATE_LIMIT_MAIL_PER_HOUR, HOUR, 'subscription changes'),
    contact: budget('contact', config.CONTACT_RATE_LIMIT_PER_HOUR, HOUR, 'messages'),
    write: budget('write', config.RATE_LIMIT_WRITE_PER_MINUTE, MINUTE, 'changes'),
    ai: budget('ai', config.RATE_LIMIT_AI_PER_MINUTE, MINUTE, 'AI requests'),
    ai_daily: { ...budget('ai_daily', config.RATE_LIMIT_AI_PER_USER_PER_DAY, DAY, 'AI requests'), perUserOnly: true },
    comment: budget('comment', config.RATE_LIMIT_COMMENT_PER_MINUTE, MINUTE, 'comment changes'),
    annotation: budget('annotation', config.RATE_LIMIT_ANNOTATION_PER_MINUTE, MINUTE, 'annotation changes'),
    reading: budget('reading', config.RATE_LIMIT_READING_PER_MINUTE, MINUTE, 'reading position saves'),
    sign_in: budget('sign_in', config.RATE_LIMIT_SIGN_IN_PER_HOUR, HOUR, 'sign-ins'),
    token: {
      ...budget('token', config.RATE_LIMIT_TOKEN_PER_MINUTE, MINUTE, 'requests with this token'),
      perTokenOnly: true,
    },
  };
}

/** Routes with a budget of their own; every other POST/PUT/PATCH/DELETE counts against `write`. */
const NAMED_ROUTES: [BudgetName, AppRoute][] = [
  ['get_id', contract.identity.getId],
  // Each sign-in verifies a token and may merge a whole anonymous library: its own, smaller budget.
  ['sign_in', contract.identity.googleLogin],
  // docs/security.md#openid-connect: a start (discovery, a stored state) and a completion (the sign-in) count;
  // the callback is bounded by them (each state is consumed once), the login redirect only reads.
  ['sign_in', contract.identity.oidcStart],
  ['sign_in', contract.identity.oidcComplete],
  ['search', contract.search.search],
  ['search', contract.search.searchSuggestions],
  ['search', contract.papers.count],
  // docs/ingest.md#freshness: the corpus status is a public read beside the count, on the same budget.
  ['search', contract.corpus.status],
  // docs/grants.md#search: a search first; its query expansion is one short model call, on the search budget.
  ['search', contract.grants.grantSearch],
  ['upload', contract.folders.upload],
  // docs/review.md#sessions-files-and-target-paper: an upload into a review session is an upload like any other.
  ['upload', contract.review.upload],
  // docs/uploads.md#metadata-from-the-pdf: reading a chosen PDF's metadata receives and parses it like an upload.
  ['upload', contract.uploads.metadata],
  // docs/import-export.md#limits: an import writes up to IMPORT_MAX_ENTRIES papers at once; attaching a PDF is an upload.
  ['upload', contract.folders.import],
  ['upload', contract.folders.importZotero],
  ['upload', contract.uploads.attachPdf],
  ['pdf_proxy', contract.pdfs.proxy],
  ['mail', contract.subscription.update],
  ['mail', contract.subscription.resend],
  ['contact', contract.contact.send],
  // docs/collaboration.md: comments are text others read; their own budget (and a daily quota per user).
  ['comment', contract.comments.createShared],
  ['comment', contract.comments.deleteShared],
  ['comment', contract.comments.createPaper],
  ['comment', contract.comments.deletePaper],
  // docs/annotations.md#limits: marks are made many at a time while reading; their own budget and a quota.
  ['annotation', contract.annotations.create],
  ['annotation', contract.annotations.update],
  ['annotation', contract.annotations.remove],
  ['annotation', contract.annotations.updateThread],
  ['annotation', contract.annotations.readThread],
  // docs/annotations.md#threads: replies are comments others read: the comment budget.
  ['comment', contract.annotations.createReply],
  ['comment', contract.annotations.deleteReply],
  // docs/reading.md#resume-reading: saved about a second after each scroll stops; its own budget.
  ['reading', contract.reading.savePosition],
  // Ready for the AI issue: every route that will call a model.
  ['ai', contract.summaries.summary],
  ['ai', contract.conversational.conversationalSearch],
  ['ai', contract.conversational.analyzePaper],
  ['ai', contract.folders.summary],
  ['ai', contract.folders.regenerateSummary],
  ['ai', contract.chat.streamChat],
  ['ai', contract.files.processEmbeddings],
  ['ai', contract.review.chatRwg],
  ['ai', contract.review.streamRws],
  ['ai', contract.ideas.generate],
  ['ai', contract.ideas.streamGenerate],
  ['ai', contract.ideas.expand],
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routeKey = (method: string, path: string) => `${method} ${path.replace(/\/+$/, '') || '/'}`;
const NAMED = new Map(NAMED_ROUTES.map(([name, route]) => [routeKey(route.method, route.path), name]));

/** docs/ai.md#budgets: budgets a request of another budget counts against as well (model calls cost money per day). */
const ALSO_COUNTED: Partial<Record<BudgetName, BudgetName[]>> = { ai: ['ai_daily'] };

/** Every budget a request of budget `name` counts against: its own first. */
export const budgetsCounted = (name: BudgetName): BudgetName[] => [name, ...(ALSO_COUNTED[name] ?? [])];

/** The budget of a matched API route (Fastify's pattern, e.g. '/api/folders/:id'); null: not limited. */
export function budgetOf(method: string, routePattern: string | undefined): BudgetName | null {
  if (!routePattern?.startsWith('/api/')) return null;
  const named = NAMED.get(routeKey(method, routePattern));
  if (named) return named;
  return WRITE_METHODS.has(method) ? 'write' : null;
}
