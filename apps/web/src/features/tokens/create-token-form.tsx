import { MAX_TOKEN_NAME_LENGTH, type TCreatedToken, type TTokenScope } from '@paperbench/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Field } from '../form-card/field';
import { useCreateTokenMutation } from './api';
import {
  EXPIRY_CHOICES,
  emptyTokenDraft,
  SCOPE_CHOICES,
  type TTokenDraft,
  tokenRequest,
  validateTokenDraft,
} from './token-draft';

/**
 * A new token: its name, its scopes (Read ticked), its lifetime (30 days). Mistakes are shown under their
 * field once the person has tried to create it; the server's refusals (the quota's 409, a 429) in its words.
 * The created token, secret included, goes to `onCreated` only (docs/security.md#personal-access-tokens).
 */
export function CreateTokenForm({
  onCreated,
  focusOnMount = false,
}: {
  onCreated: (created: TCreatedToken) => void;
  /** After the new-token panel's Done: the panel is gone, so focus comes back to the form's first field. */
  focusOnMount?: boolean;
}) {
  const [draft, setDraft] = useState<TTokenDraft>(emptyTokenDraft);
  const [wasTried, setWasTried] = useState(false);
  const create = useCreateTokenMutation();
  const nameRef = useRef<HTMLInputElement>(null);
  const firstScopeRef = useRef<HTMLInputElement>(null);
  const scopesNoteId = useId();
  const idPrefix = useId();
  const errors = wasTried ? validateTokenDraft(draft) : {};

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only.
  useEffect(() => {
    if (focusOnMount) nameRef.current?.focus();
  }, []);

  const edit = (change: Partial<TTokenDraft>) => setDraft((current) => ({ ...current, ...change }));
  const toggleScope = (scope: TTokenScope) =>
    edit({
      scopes: draft.scopes.includes(scope) ? draft.scopes.filter((item) => item !== scope) : [...draft.scopes, scope],
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWasTried(true);
    const found = validateTokenDraft(draft);
    if (found.name) nameRef.current?.focus();
    else if (found.scopes) firstScopeRef.current?.focus();
    if (found.name || found.scopes) return;
    create.mutate(tokenRequest(draft), {
      onSuccess: (created) => {
        setDraft(emptyTokenDraft());
        setWasTried(false);
        // The panel holds the secret from here; the mutation lets it go (api.ts: gcTime 0).
        create.reset();
        onCreated(created);
      },
    });
  };

  return (
    <form className="token-form" noValidate aria-label="Create a token" onSubmit={submit}>
      <div className="token-form-row">
        <Field label="Token name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              type="text"
              value={draft.name}
              maxLength={MAX_TOKEN_NAME_LENGTH}
              autoComplete="off"
              placeholder="e.g. Laptop scripts, Claude Desktop"
              onChange={(event) => edit({ name: event.target.value })}
            />
          )}
        </Field>
        <Field label="Expires">
          {(control) => (
            <select {...control} value={draft.expiry} onChange={(event) => edit({ expiry: event.target.value })}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="field" aria-describedby={errors.scopes ? scopesNoteId : undefined}>
        <legend className="field-label">Scopes</legend>
        <div className="token-scopes">
          {SCOPE_CHOICES.map((choice, index) => (
            <label key={choice.scope} className="token-scope">
              <input
                ref={index === 0 ? firstScopeRef : undefined}
                type="checkbox"
                checked={draft.scopes.includes(choice.scope)}
                aria-labelledby={`${idPrefix}-${choice.scope}`}
                aria-describedby={`${idPrefix}-${choice.scope}-hint`}
                {...(errors.scopes ? { 'aria-invalid': true } : {})}
                onChange={() => toggleScope(choice.scope)}
              />
              <span className="token-scope-text">
                <span id={`${idPrefix}-${choice.scope}`} className="token-scope-name">
                  {choice.label}
                </span>
                <span id={`${idPrefix}-${choice.scope}-hint`} className="token-scope-hint">
                  {choice.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes && (
          <span id={scopesNoteId} className="field-error">
            {errors.scopes}
          </span>
        )}
      </fieldset>
      {create.isError && (
        <p className="form-alert" role="alert">
          The token was not created: {parseApiError(create.error).message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
    </form>
  );
}
