import type { TCreatedToken } from '@paperbench/contract';
import { useEffect, useId, useRef } from 'react';
import { useCopyToClipboard } from '../ui/use-copy-to-clipboard';
import { scopeLabel } from './token-draft';

/**
 * The one moment the secret is shown (docs/security.md#personal-access-tokens: only its hash is kept).
 * It lives in this panel's props and nowhere else: Done drops it for good.
 */
export function NewTokenPanel({ created, onDone }: { created: TCreatedToken; onDone: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const { copyState, copy } = useCopyToClipboard(field);

  // The secret is what the person came for: put them on it, selected, ready to copy.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  return (
    <section className="token-secret" role="status" aria-labelledby={titleId}>
      <h3 id={titleId} className="token-secret-title">
        Copy your new token now: it will not be shown again.
      </h3>
      <p className="token-secret-text">
        <strong>{created.name}</strong> ({created.scopes.map(scopeLabel).join(', ')}) acts as you. Keep it like a
        password; if it leaks, revoke it below.
      </p>
      <label htmlFor={fieldId} className="token-secret-label">
        New token
      </label>
      <div className="token-secret-row">
        <input
          ref={field}
          id={fieldId}
          className="token-secret-input"
          readOnly
          value={created.token}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button-primary" onClick={() => void copy(created.token)}>
          {copyState === 'copied' ? 'Copied' : 'Copy token'}
        </button>
      </div>
      {copyState === 'refused' && (
        <p className="token-secret-note">Could not copy: the token is selected, press Ctrl+C (⌘C on a Mac).</p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
