import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/** What the screen host hands every screen. */
export type TScreenProps = { params: Readonly<Params<string>>; title: string };
export type TScreenModule = { default: ComponentType<TScreenProps> };

export type TAppRoute = {
  path: string;
  /** spec §2: the document title is set from the route's title on every navigation. */
  title: string;
  /** The screen's lazy chunk (spec §8: lazy-loaded pages). */
  load: () => Promise<TScreenModule>;
  /** spec §2: only the home view is kept alive. */
  isKeptAlive?: boolean;
  /** Params the path syntax cannot express; when this fails the 404 page is shown. */
  hasValidParams?: (params: Readonly<Params<string>>) => boolean;
};

export const APP_NAME = 'Paperbench';

const loadHome = () => import('../routes/home/home-screen');

export const NOT_FOUND_ROUTE: TAppRoute = {
  path: '*',
  title: 'Page Not Found',
  load: () => import('../routes/not-found/not-found-screen'),
};

/** spec §2 Screens and routes. No route requires authentication. */
export const APP_ROUTES: readonly TAppRoute[] = [
  { path: '/', title: 'Home', load: loadHome, isKeptAlive: true },
  { path: '/chat', title: 'Chat', load: () => import('../routes/chat/chat-screen') },
  { path: '/search', title: 'Search', load: () => import('../routes/search/search-screen') },
  { path: '/grants', title: 'Grant Search', load: () => import('../routes/grants/grants-screen') },
  { path: '/paper/:id/:platform?', title: 'Paper Details', load: () => import('../routes/paper/paper-screen') },
  { path: '/monitor', title: 'Paper Monitor', load: () => import('../routes/monitor/monitor-screen') },
  { path: '/rwf', title: 'Related Work Forum', load: () => import('../routes/rwf/rwf-screen') },
  {
    path: '/rwf/:folderId',
    title: 'Shared Folder',
    load: () => import('../routes/rwf-folder/rwf-folder-screen'),
    // spec §2 / §5: folderId must be digits only.
    hasValidParams: (params) => /^\d+$/.test(params.folderId ?? ''),
  },
  { path: '/review', title: 'Review', load: () => import('../routes/review/review-screen') },
  { path: '/daily-feed', title: 'Daily Feed', load: () => import('../routes/daily-feed/daily-feed-screen') },
  {
    path: '/conversational-search',
    title: 'Conversational Search',
    load: () => import('../routes/conversational-search/conversational-search-screen'),
  },
  {
    path: '/recommendations',
    title: 'Recommendations',
    load: () => import('../routes/recommendations/recommendations-screen'),
  },
  {
    path: '/subscription',
    title: 'Email Subscription',
    load: () => import('../routes/subscription/subscription-screen'),
  },
  { path: '/contact', title: 'Contact', load: () => import('../routes/contact/contact-screen') },
  { path: '/terms-of-use', title: 'Terms of Use', load: () => import('../routes/terms-of-use/terms-of-use-screen') },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    load: () => import('../routes/privacy-policy/privacy-policy-screen'),
  },
  // spec §2: the shared-list import flow renders the home view with share_id.
  { path: '/share/:share_id', title: 'Shared List', load: loadHome, isKeptAlive: true },
  { path: '/profile', title: 'Profile', load: () => import('../routes/profile/profile-screen') },
  { path: '/sci', title: 'AI Scientist', load: () => import('../routes/sci/sci-screen') },
  NOT_FOUND_ROUTE,
];

/** 'Search · Paperbench'. */
export function documentTitleOf(route: Pick<TAppRoute, 'title'>): string {
  return `${route.title} · ${APP_NAME}`;
}
