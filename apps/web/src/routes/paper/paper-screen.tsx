import type { TScreenProps } from '../../app/route-table';
import { ComingSoon } from '../../features/ui/coming-soon';

/** spec §2: /paper/{id}/{platform?}, platform defaults to arxiv. */
export default function PaperScreen({ title, params }: TScreenProps) {
  const platform = params.platform ?? 'arxiv';
  return (
    <ComingSoon title={title}>
      The full record of {platform} paper <code>{params.id}</code>: abstract, PDF, comments and related papers.
    </ComingSoon>
  );
}
