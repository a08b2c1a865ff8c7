import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function RecommendationsScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Papers picked for you from what you keep in your folders.</ComingSoon>;
}
