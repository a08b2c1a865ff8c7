import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function SubscriptionScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Get new papers on the topics you follow by email.</ComingSoon>;
}
