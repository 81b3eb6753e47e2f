import { useCallback, useState } from 'react';
import { useRequest } from '../../../api/use-request.ts';
import { formatCount, formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { articlePage, type GameItem } from '../api.ts';
import { Loaded, PageHead } from '../parts.tsx';

/** All games fit one page; the server still pages them. */
const GAME_PAGE_SIZE = 50;

/** /game/discover: games and activities stored on the server, their state from the server's clock. */
export function GameDiscoverPage() {
  const { t } = useTranslation();
  const [cate, setCate] = useState('');
  const { state } = useRequest(
    useCallback(
      () => articlePage<GameItem>('game', { pageNo: 1, pageSize: GAME_PAGE_SIZE, cate: cate || undefined }),
      [cate],
    ),
  );
  return (
    <div className="ct-page" data-testid="game-page">
      <PageHead title={t('content.game.title')} subtitle={t('content.game.subtitle')} />
      <Loaded state={state}>
        {(data) => (
          <>
            <div className="ct-tabs" role="tablist">
              {[{ key: '', name: t('content.common.all') }, ...data.categories].map((c) => (
                <button
                  type="button"
                  role="tab"
                  key={c.key}
                  aria-selected={cate === c.key}
                  onClick={() => setCate(c.key)}
                >
                  {c.name}
                </button>
              ))}
            </div>
            <div className="ct-cards" data-testid="game-list">
              {data.records.map((g) => (
                <div key={g.id} className="ct-card">
                  <div className="ct-card-body">
                    <div className="ct-meta" style={{ marginTop: 0, marginBottom: 8 }}>
                      <span className={`ct-tag ${g.status}`}>{t(`content.game.${g.status}`)}</span>
                      <span className="ct-tag">{g.cateName}</span>
                    </div>
                    <h3>{g.title}</h3>
                    <p className="muted">{g.summary}</p>
                    <dl className="ct-meta">
                      <dt>{t('content.game.reward')}</dt>
                      <dd>{g.reward}</dd>
                      <dt>{t('content.game.players')}</dt>
                      <dd>{formatCount(g.players)}</dd>
                    </dl>
                    <div className="ct-meta">
                      {t('content.game.period')}: {formatDateTime(g.startAt)} – {formatDateTime(g.endAt)}
                    </div>
                  </div>
                </div>
              ))}
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}
