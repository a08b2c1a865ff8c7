import { hasValidWebRouteParams, WEB_ROUTE_PATHS as P } from '@paperbench/contract';
import type { Params } from 'react-router';
import type { TScreenModule } from './screen-props';

export type TAppRoute = {
  path: string;
  /** requirements §2: the document title is set from the route's title on every navigation. */
  title: string;
  /** The screen's lazy chunk (requirements §8: lazy-loaded pages). */
  load: () => Promise<TScreenModule>;
  /** requirements §2: only the home view is kept alive. */
  isKeptAlive?: boolean;
  /** Params the path syntax cannot express; when this fails the 404 page is shown. */
  hasValidParams?: (params: Readonly<Params<string>>) => boolean;
  /** Administrators only: to anyone else the screen and the tab's title are the 404 page's. */
  isAdminOnly?: true;
};

export const APP_NAME = 'Paperbench';

const loadHome = () => import('../routes/home/home-screen');

export const NOT_FOUND_ROUTE: TAppRoute = {
  path: '*',
  title: 'Page Not Found',
  load: () => import('../routes/not-found/not-found-screen'),
};

/**
 * requirements §2 Screens and routes. No route requires authentication. The paths come from the contract's
 * WEB_ROUTE_PATHS, which the server also reads to answer 404 for any other path (docs/security.md#browser-headers).
 */
export const APP_ROUTES: readonly TAppRoute[] = [
  { path: P.home, title: 'Home', load: loadHome, isKeptAlive: true },
  { path: P.chat, title: 'Chat', load: () => import('../routes/chat/chat-screen') },
  { path: P.search, title: 'Search', load: () => import('../routes/search/search-screen') },
  { path: P.grants, title: 'Grant Search', load: () => import('../routes/grants/grants-screen') },
  { path: P.paper, title: 'Paper Details', load: () => import('../routes/paper/paper-screen') },
  { path: P.monitor, title: 'Paper Monitor', load: () => import('../routes/monitor/monitor-screen') },
  { path: P.forum, title: 'Related Work Forum', load: () => import('../routes/rwf/rwf-screen') },
  {
    path: P.sharedFolder,
    title: 'Shared Folder',
    load: () => import('../routes/rwf-folder/rwf-folder-screen'),
    // requirements §2 / §5: folderId must be digits only (the rule lives beside the patterns).
    hasValidParams: hasValidWebRouteParams,
  },
  { path: P.review, title: 'Review', load: () => import('../routes/review/review-screen') },
  { path: P.dailyFeed, title: 'Daily Feed', load: () => import('../routes/daily-feed/daily-feed-screen') },
  {
    path: P.conversationalSearch,
    title: 'Conversational Search',
    load: () => import('../routes/conversational-search/conversational-search-screen'),
  },
  {
    path: P.recommendations,
    title: 'Recommendations',
    load: () => import('../routes/recommendations/recommendations-screen'),
  },
  {
    path: P.subscription,
    title: 'Email Subscription',
    load: () => import('../routes/subscription/subscription-screen'),
  },
  { path: P.contact, title: 'Contact', load: () => import('../routes/contact/contact-screen') },
  { path: P.termsOfUse, title: 'Terms of Use', load: () => import('../routes/terms-of-use/terms-of-use-screen') },
  {
    path: P.privacyPolicy,
    title: 'Privacy Policy',
    load: () => import('../routes/privacy-policy/privacy-policy-screen'),
  },
  // requirements §2: the shared-list import flow renders the home view with share_id.
  { path: P.sharedList, title: 'Shared List', load: loadHome, isKeptAlive: true },
  { path: P.profile, title: 'Profile', load: () => import('../routes/profile/profile-screen') },
  { path: P.sci, title: 'AI Scientist', load: () => import('../routes/sci/sci-screen') },
  { path: P.aiSettings, title: 'AI Status', load: () => import('../routes/ai-settings/ai-settings-screen') },
  // docs/deploy.md#the-admin-page: administrators only; the screen shows the 404 page to anyone else.
  { path: P.admin, title: 'Admin', isAdminOnly: true, load: () => import('../routes/admin/admin-screen') },
  NOT_FOUND_ROUTE,
];

/** 'Search · Paperbench'. */
export function documentTitleOf(route: Pick<TAppRoute, 'title'>): string {
  return `${route.title} · ${APP_NAME}`;
}
