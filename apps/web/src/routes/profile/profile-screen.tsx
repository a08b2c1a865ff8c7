import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function ProfileScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Your account, the topics you follow and your sign-in details.</ComingSoon>;
}
