/**
 * requirements §2 Screens and routes: the web app's page paths in react-router syntax (`:param`, `:param?`).
 * One list for both apps (docs/security.md#browser-headers): the web route table builds its routes from it, and the
 * server answers 404 (still with the app's HTML, which renders the 404 page) for any other path.
 */
export const WEB_ROUTE_PATHS = {
  home: '/',
  chat: '/chat',
  search: '/search',
  grants: '/grants',
  paper: '/paper/:id/:platform?',
  monitor: '/monitor',
  forum: '/rwf',
  sharedFolder: '/rwf/:folderId',
  review: '/review',
  dailyFeed: '/daily-feed',
  conversationalSearch: '/conversational-search',
  recommendations: '/recommendations',
  subscription: '/subscription',
  contact: '/contact',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-policy',
  /** requirements §2: the shared-list import flow renders the home view with share_id. */
  sharedList: '/share/:share_id',
  profile: '/profile',
  sci: '/sci',
  /** docs/ai.md#scorecard: which model answers, and how it did in the last `pnpm eval`. */
  aiSettings: '/settings/ai',
  /** docs/deploy.md#the-admin-page: administrators only; anyone else sees the 404 page. */
  admin: '/admin',
} as const;

export type TWebRouteName = keyof typeof WEB_ROUTE_PATHS;

/** Param rules the path syntax cannot express; a param that fails one makes the page a 404. */
const WEB_PARAM_RULES: Readonly<Record<string, RegExp>> = {
  // requirements §2 / §5: a shared folder's id is digits only.
  folderId: /^\d+$/,
};

/** True when every param with a rule passes it (params as react-router hands them, decoded). */
export function hasValidWebRouteParams(params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(params).every(([name, value]) => {
    const rule = WEB_PARAM_RULES[name];
    return rule === undefined || value === undefined || rule.test(value);
  });
}

/** One pattern as a matcher with react-router's rules: case-insensitive, optional trailing slash. */
function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`;
      names.push(param[1] as string);
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return { regex: new RegExp(`^${source}/?$`, 'i'), names };
}

const COMPILED = Object.values(WEB_ROUTE_PATHS).map(compilePattern);

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether a request path (query string allowed) is a page of the web app: it matches a route
 * pattern and its params pass their rules. Anything else is the app's 404 page.
 */
export function isWebAppPage(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return COMPILED.some(({ regex, names }) => {
    const match = regex.exec(pathname);
    if (!match) return false;
    const params = Object.fromEntries(
      names.map((name, i) => {
        const value = match[i + 1];
        return [name, value === undefined ? undefined : decodeSegment(value)];
      }),
    );
    return hasValidWebRouteParams(params);
  });
}
