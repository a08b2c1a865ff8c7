import type { TToken } from '@paperbench/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { formatRelativeTime } from '../../lib/relative-time';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { isExpired, scopeLabel } from './token-draft';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function Expiry({ token }: { token: TToken }) {
  if (token.expires_at === null) return <>Never</>;
  if (isExpired(token)) return <span className="token-expired">Expired</span>;
  return <time dateTime={token.expires_at}>{formatDate(token.expires_at)}</time>;
}

function TokenRow({ token, onRevoke }: { token: TToken; onRevoke: () => void }) {
  return (
    <li className="token-row">
      <div className="token-row-head">
        <span className="token-name">{token.name}</span>
        <ul className="token-row-scopes" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <li key={scope} className="token-scope-chip">
              {scopeLabel(scope)}
            </li>
          ))}
        </ul>
        <code className="token-prefix">{token.prefix}…</code>
      </div>
      <dl className="token-dates">
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={token.created_at}>{formatDate(token.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>
            {token.last_used_at ? (
              <time dateTime={token.last_used_at} title={new Date(token.last_used_at).toLocaleString('en-US')}>
                {formatRelativeTime(token.last_used_at)}
              </time>
            ) : (
              'Never used'
            )}
          </dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            <Expiry token={token} />
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button-small token-revoke-button"
        aria-label={`Revoke ${token.name}`}
        onClick={onRevoke}
      >
        Revoke
      </button>
    </li>
  );
}

/** "Your tokens": each live token (never its secret) with a Revoke that asks first. */
export function TokenList({ tokens }: { tokens: TToken[] }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [revoking, setRevoking] = useState<TToken | null>(null);
  const [wasRevoked, setWasRevoked] = useState(false);
  // The row whose Revoke opened the dialog is gone: focus lands on the list's heading, not on the page's start.
  useEffect(() => {
    if (wasRevoked && !revoking) {
      heading.current?.focus();
      setWasRevoked(false);
    }
  }, [wasRevoked, revoking]);
  return (
    <div className="token-list-block">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Your tokens
      </h3>
      {tokens.length === 0 ? (
        <p className="token-empty">No tokens yet.</p>
      ) : (
        <ul className="token-list" aria-labelledby={headingId}>
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      )}
      {revoking && (
        <RevokeTokenDialog
          token={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setWasRevoked(true);
            setRevoking(null);
          }}
        />
      )}
    </div>
  );
}
