/**
 * The one key of a paper ref, `platform:paper_id`, for maps, sets, dedupe keys and React keys. A
 * platform holds no `:` (ZPlatform), so two refs share a key only when they are the same paper.
 */
export const paperRefKey = (ref: { platform: string; paper_id: string }): string => `${ref.platform}:${ref.paper_id}`;
