import type { TScreenProps } from '../../app/screen-props';
import { ComingSoon } from '../../features/ui/coming-soon';

/** spec §2: /rwf/{folderId}, a shared folder (the route table has already checked digits only). */
export default function RwfFolderScreen({ title, params }: TScreenProps) {
  return (
    <ComingSoon title={title}>Shared folder {params.folderId}: its papers and the discussion around them.</ComingSoon>
  );
}
