import { useSearchParams } from 'react-router';
import type { TScreenProps } from '../../app/screen-props';
import { SubscriptionPanel } from '../../features/subscription/subscription-panel';
import { UnsubscribeCard } from '../../features/subscription/unsubscribe-card';
import '../../features/form-card/form-card.css';

/** requirements §2 /subscription: email digests of the topics the user follows (double opt-in; links from the mails land here). */
export default function SubscriptionScreen({ title }: TScreenProps) {
  const [params] = useSearchParams();
  const unsubscribeToken = params.get('unsubscribe');
  return (
    <section className="screen screen-narrow subscription-screen">
      <h1>{title}</h1>
      <p className="lead">New papers on the topics you follow, delivered to your inbox daily or weekly.</p>
      {unsubscribeToken ? <UnsubscribeCard token={unsubscribeToken} /> : <SubscriptionPanel />}
    </section>
  );
}
