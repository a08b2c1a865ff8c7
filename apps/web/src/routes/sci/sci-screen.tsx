import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

export default function SciScreen({ title }: TScreenProps) {
  return <ComingSoon title={title}>Generate and refine research ideas grounded in the papers you keep.</ComingSoon>;
}
