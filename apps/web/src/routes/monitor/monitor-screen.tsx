import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function MonitorScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Follow topics and see new papers that match them as they appear.</ComingSoon>;
}
