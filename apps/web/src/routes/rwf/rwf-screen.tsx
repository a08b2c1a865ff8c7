import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function RwfScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Discuss shared folders of related work with your collaborators.</ComingSoon>;
}
