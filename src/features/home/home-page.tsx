import { BannerCarousel } from './banner-carousel.tsx';
import { NewCoinPreview } from './new-coin-preview.tsx';
import { RankingBlock } from './ranking-block.tsx';
import { Certificate, Download, Partners, PlatformStats, Services } from './sections.tsx';
import { SignUpBox } from './sign-up-box.tsx';
import './home.css';

/** The home page (spec shell §2 "Home page"). */
export function HomePage() {
  return (
    <div className="home-page" data-testid="home-page">
      <SignUpBox />
      <PlatformStats />
      <BannerCarousel />
      <NewCoinPreview />
      <RankingBlock />
      <Services />
      <Certificate />
      <Partners />
      <Download />
    </div>
  );
}
