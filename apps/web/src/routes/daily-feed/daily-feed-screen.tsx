import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function DailyFeedScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>A daily digest of new papers in the fields you follow.</ComingSoon>;
}
