import type { TCreatedToken } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useTokensQuery } from '../../features/tokens/api';
import { CreateTokenForm } from '../../features/tokens/create-token-form';
import { NewTokenPanel } from '../../features/tokens/new-token-panel';
import { TokenList } from '../../features/tokens/token-list';
import { ProfileCard } from './profile-sections';
import '../../features/form-card/form-card.css';
import '../../features/tokens/tokens.css';

/**
 * docs/security.md#personal-access-tokens: create, see and revoke the tokens scripts and AI assistants use.
 * Anonymous visitors have them too (a token acts as whoever made it). While a new secret is on show the
 * form steps aside, so the panel is the one thing to deal with.
 */
export function ApiTokens() {
  const tokens = useTokensQuery();
  const [created, setCreated] = useState<TCreatedToken | null>(null);
  const [isBackFromPanel, setIsBackFromPanel] = useState(false);
  return (
    <ProfileCard title="API tokens" className="profile-card-wide">
      <p className="profile-muted">
        Tokens let scripts, the typed API client and AI assistants (over MCP) use Paperbench for you. A token acts as
        you, within the scopes you give it: treat it like a password.
      </p>
      {created ? (
        <NewTokenPanel
          created={created}
          onDone={() => {
            setIsBackFromPanel(true);
            setCreated(null);
          }}
        />
      ) : (
        <CreateTokenForm onCreated={setCreated} focusOnMount={isBackFromPanel} />
      )}
      {tokens.isError ? (
        <p className="profile-error" role="alert">
          Your tokens could not be loaded: {parseApiError(tokens.error).message}
        </p>
      ) : tokens.isPending ? (
        <p className="profile-muted">Loading…</p>
      ) : (
        <TokenList tokens={tokens.data.tokens} />
      )}
    </ProfileCard>
  );
}
