import { useState } from 'react';
import { LANGS, type Lang } from '../../common/i18n.ts';
import { MarketList } from '../features/markets/market-list.tsx';
import { currentLang, LANGUAGE_NAMES, storeLang, translate } from '../i18n/messages.ts';

export function App() {
  const [lang, setLang] = useState<Lang>(currentLang);
  const choose = (next: Lang) => {
    storeLang(next);
    document.documentElement.lang = next.replace('_', '-');
    setLang(next);
  };
  return (
    <>
      <header className="top-bar">
        <a className="brand" href="/">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Tickstream
        </a>
        <label className="lang">
          <span className="visually-hidden">{translate(lang, 'language')}</span>
          <select value={lang} onChange={(e) => choose(e.target.value as Lang)}>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main>
        <MarketList lang={lang} />
      </main>
    </>
  );
}
