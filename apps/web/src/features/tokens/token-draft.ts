import { MAX_TOKEN_NAME_LENGTH, type TCreateTokenRequest, type TToken, type TTokenScope } from '@paperbench/contract';

/** The scopes as the form offers them (docs/security.md#personal-access-tokens: what each lets a token call). */
export const SCOPE_CHOICES: { scope: TTokenScope; label: string; hint: string }[] = [
  { scope: 'read', label: 'Read', hint: 'Search, papers, folders and the feed.' },
  { scope: 'write', label: 'Write', hint: 'Change folders, files, uploads, annotations and comments.' },
  { scope: 'ai', label: 'AI', hint: 'Chat, summaries and the research tools.' },
];

/** How long a new token lives; null: until it is revoked. */
export const EXPIRY_CHOICES: { value: string; label: string; days: number | null }[] = [
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
  { value: 'never', label: 'Never', days: null },
];
export const DEFAULT_EXPIRY = '30';

export type TTokenDraft = { name: string; scopes: TTokenScope[]; expiry: string };
export type TTokenDraftErrors = { name?: string; scopes?: string };

export const emptyTokenDraft = (): TTokenDraft => ({ name: '', scopes: ['read'], expiry: DEFAULT_EXPIRY });

/** The form's messages (ZCreateTokenRequest's rules, in words for a person); empty when it may be sent. */
export function validateTokenDraft(draft: TTokenDraft): TTokenDraftErrors {
  const errors: TTokenDraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Give the token a name, such as the script or assistant that will use it.';
  else if (name.length > MAX_TOKEN_NAME_LENGTH) errors.name = `At most ${MAX_TOKEN_NAME_LENGTH} characters.`;
  else if (name.includes('\0')) errors.name = 'The name cannot contain a NUL character.';
  if (draft.scopes.length === 0) errors.scopes = 'Choose at least one scope.';
  return errors;
}

/** The request for a valid draft; the expiry counts from `now`. */
export function tokenRequest(draft: TTokenDraft, now: number = Date.now()): TCreateTokenRequest {
  const days = EXPIRY_CHOICES.find((choice) => choice.value === draft.expiry)?.days ?? null;
  return {
    name: draft.name.trim(),
    // In the form's order, whatever order they were ticked in.
    scopes: SCOPE_CHOICES.map((choice) => choice.scope).filter((scope) => draft.scopes.includes(scope)),
    expires_at: days === null ? null : new Date(now + days * 24 * 3600 * 1000).toISOString(),
  };
}

export const isExpired = (token: Pick<TToken, 'expires_at'>, now: number = Date.now()) =>
  token.expires_at !== null && Date.parse(token.expires_at) <= now;

export const scopeLabel = (scope: TTokenScope) =>
  SCOPE_CHOICES.find((choice) => choice.scope === scope)?.label ?? scope;
