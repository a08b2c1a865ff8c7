import type { TScreenProps } from '../../app/screen-props';
import { ImportNotice } from '../../features/sharing/import-notice';
import { HomeSearch } from './home-search';
import { RecentPapers } from './recent-papers';
import { SharedListImport } from './shared-list-import';
import './home-screen.css';

/** requirements §2 Home: search box, Recent Papers and Load More Recent. /share/{id} renders it too. */
export default function HomeScreen({ params }: TScreenProps) {
  return (
    <div className="screen home-screen">
      <section className="home-hero">
        <h1>Find your next paper</h1>
        <p className="lead">Search titles, authors and abstracts across every field of science.</p>
        <HomeSearch />
      </section>
      {/* The import runs in the /share/{id} view; what it did is told on the home view it returns to. */}
      {params.share_id ? <SharedListImport key={params.share_id} shareId={params.share_id} /> : <ImportNotice />}
      <RecentPapers />
    </div>
  );
}
