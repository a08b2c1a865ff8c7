import type { TScreenProps } from '../../app/route-table';
import { HomeSearch } from './home-search';
import { RecentPapers } from './recent-papers';
import './home-screen.css';

/** spec §2 Home: search box, Recent Papers and Load More Recent. /share/{id} renders it too. */
export default function HomeScreen({ params }: TScreenProps) {
  return (
    <div className="screen home-screen">
      <section className="home-hero">
        <h1>Find your next paper</h1>
        <p className="lead">Search titles, authors and abstracts across every field of science.</p>
        <HomeSearch />
      </section>
      {params.share_id && (
        <p className="notice" role="note">
          Someone shared a list of papers with you. Importing shared lists into your File List arrives with folders;
          meanwhile, here are the latest papers.
        </p>
      )}
      <RecentPapers />
    </div>
  );
}
