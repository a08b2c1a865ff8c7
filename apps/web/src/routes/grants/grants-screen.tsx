import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function GrantsScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Search research grants by topic, agency and investigator.</ComingSoon>;
}
