import { WEB_ROUTE_PATHS as P } from '@paperbench/contract';
import type { TIconName } from '../features/ui/icons';

export type THeaderLink = {
  to: string;
  label: string;
  /** One line under the label in a menu (left out of the link's name: it is its description). */
  description?: string;
  icon?: TIconName;
  /** Current only on this exact path (Home), not on the paths under it. */
  isEnd?: boolean;
};

/** requirements §2 Header links, in this order and with these names. */
export const HEADER_LINKS: readonly THeaderLink[] = [
  { to: P.home, label: 'Home', isEnd: true },
  { to: P.chat, label: 'Chat' },
  { to: P.conversationalSearch, label: 'Conversational Search' },
  { to: P.monitor, label: 'Paper Monitor' },
  { to: P.dailyFeed, label: 'Daily Feed' },
  { to: P.contact, label: 'Contact Us' },
];

/**
 * The screens of requirements §2 that the six header links leave out, gathered under one menu so every screen
 * is one click from the header. Shared folders is the Related Work Forum (/rwf); a folder's own page
 * (/rwf/{folderId}) counts as inside it.
 */
export const RESEARCH_TOOLS: readonly THeaderLink[] = [
  {
    to: P.review,
    label: 'Review',
    description: 'Write related work from a graph of papers',
    icon: 'graph',
  },
  { to: P.sci, label: 'AI Scientist', description: 'Research ideas, checked for novelty', icon: 'bulb' },
  { to: P.grants, label: 'Grants', description: 'Funding that fits your topic or folder', icon: 'award' },
  { to: P.forum, label: 'Shared folders', description: 'The Related Work Forum', icon: 'folder' },
  {
    to: P.recommendations,
    label: 'Recommendations',
    description: 'Papers like the ones you keep',
    icon: 'star',
  },
];

// Not 'Research tools': its name would contain 'search', and the spec's Search button is found by that name.
export const RESEARCH_TOOLS_LABEL = 'Tools';
