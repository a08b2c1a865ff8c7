import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function ProfileScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Your account, the topics you follow and your sign-in details.</ComingSoon>;
}
