/**
 * Platforms whose PDFs are fetched for their full text (the PDF proxy's allow-list: arXiv and ACL). Read by
 * passages (which fetches them) and by the start-up repair of uploads (which re-queues their texts).
 */
export const FETCHED_PLATFORMS = ['arxiv', 'acl'] as const;

export const isFetchedPlatform = (platform: string) => (FETCHED_PLATFORMS as readonly string[]).includes(platform);
