import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { ContractThumb } from '../../../../common/contracts/swap.ts';
import { TICKER_COLUMN as COL, TICKER_COLUMNS } from '../../../../workers/api.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { useTickers } from '../../../data/hooks.ts';
import { formatBookAmount } from '../../../format/book.ts';
import { formatChangePercent } from '../../../format/change.ts';
import { formatPriceText, formatQuoteTurnover } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

import { SearchBox } from '../../../ui/search-box.tsx';
import { SortButton } from '../../../ui/sort-button.tsx';
import { useFavourites } from '../../trade/favourites.ts';
import { nextSort, type Sort, type SortKey } from '../../trade/market.ts';
import { contractPath } from '../contract-location.ts';
import { contractMarkets, contractRows, filterContractRows } from './contract-rows.ts';
import { CONTRACT_FAVOURITES, useContractThumbs } from './contract-thumbs.ts';

/**
 * The quotes list's contract tab (/quotes/list/contract): every perpetual with its 24 h figures, live from the worker's
 * tickers, searchable and sortable; a row opens its contract terminal.
 */
export function ContractQuotes() {
  const { t } = useTranslation();
  const { isLogin } = useShell();
  const { thumbs, status } = useContractThumbs();
  const favourites = useFavourites(isLogin, CONTRACT_FAVOURITES);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const markets = useMemo(() => contractMarkets(thumbs), [thumbs]);
  const tickers = useTickers(markets);
  const values = tickers?.values ?? null;
  const shown = filterContractRows(contractRows(thumbs, values), { tab: 'usdt', query, favourites: new Set(), sort });
  let body: React.ReactNode;
  if (status === 'loading') body = <p className="quotes-empty">{t('common.loading')}</p>;
  else if (status === 'error')
    body = (
      <p className="quotes-empty error" role="alert">
        {t('contract.loadFailed')}
      </p>
    );
  else if (shown.length === 0) body = <p className="quotes-empty">{t('contract.selector.noMatch')}</p>;
  else
    body = (
      <div className="quote-table contract-quotes" data-count={shown.length}>
        <QuotesHead sort={sort} onSort={setSort} />
        {shown.map((r) => {
          const i = thumbs.findIndex((c) => c.symbol === r.symbol);
          const at = i * TICKER_COLUMNS;
          const live = values !== null && i >= 0 && values.length >= at + TICKER_COLUMNS ? values : null;
          return (
            <ContractQuoteRow
              key={r.symbol}
              thumb={thumbs[i] as ContractThumb}
              price={r.price}
              chg={r.chg}
              read={(col) => (live ? (live[at + col] as number) : Number.NaN)}
              starred={favourites.symbols.has(r.symbol)}
              onStar={favourites.toggle}
            />
          );
        })}
      </div>
    );
  return (
    <>
      <div className="quotes-tools">
        <SearchBox className="quotes-search" value={query} label={t('contract.selector.search')} onChange={setQuery} />
      </div>
      {body}
    </>
  );
}

function QuotesHead({ sort, onSort }: { sort: Sort | null; onSort: (sort: Sort | null) => void }) {
  const { t } = useTranslation();
  const sortable = (key: SortKey, label: string) => (
    <span className={`cell${key === 'pair' ? ' pair-cell' : ' num'}`} data-dir={sort?.key === key ? sort.dir : 'none'}>
      <SortButton
        sortKey={key}
        label={label}
        dir={sort?.key === key ? sort.dir : null}
        title={t('quotes.sortBy', { column: label })}
        onClick={() => onSort(nextSort(sort, key))}
      />
    </span>
  );
  return (
    <div className="quote-row quote-head">
      <span className="cell star-cell" />
      {sortable('pair', t('contract.selector.contract'))}
      {sortable('price', t('quotes.columns.price'))}
      {sortable('change', t('quotes.columns.change'))}
      <span className="cell num">{t('quotes.columns.high')}</span>
      <span className="cell num">{t('quotes.columns.low')}</span>
      <span className="cell num">{t('contract.header.volume24h')}</span>
      <span className="cell num">{t('quotes.columns.turnover')}</span>
      <span className="cell action-cell">{t('quotes.columns.action')}</span>
    </div>
  );
}

function ContractQuoteRow(props: {
  thumb: ContractThumb;
  price: number;
  chg: number;
  read: (col: number) => number;
  starred: boolean;
  onStar: (symbol: string) => void;
}) {
  const { thumb: c, price, chg, read, starred } = props;
  const { t } = useTranslation();
  const { lang } = useShell();
  const trend = chg < 0 ? 'down' : 'up';
  const star = t(starred ? 'contract.selector.unfavourite' : 'contract.selector.favourite');
  const to = contractPath(c.symbol);
  return (
    <div className="quote-row" data-symbol={c.symbol} data-price={price}>
      <span className="cell star-cell">
        <button
          type="button"
          className={`star${starred ? ' on' : ''}`}
          aria-pressed={starred}
          aria-label={star}
          title={star}
          onClick={() => props.onStar(c.symbol)}
        >
          {starred ? '★' : '☆'}
        </button>
      </span>
      <span className="cell pair-cell">
        <Link href={to} className="pair">
          <span className="base">
            {c.baseCoin}
            {c.quoteCoin}
          </span>
          <span className="quote" style={{ marginLeft: 4 }}>
            {t('contract.perpetual')}
          </span>
        </Link>
      </span>
      <span className={`cell num price ${trend}`}>{formatPriceText(price, c.quoteDecimal)}</span>
      <span className={`cell num ${trend}`}>{formatChangePercent(chg)}</span>
      <span className="cell num">{formatPriceText(read(COL.high), c.quoteDecimal)}</span>
      <span className="cell num">{formatPriceText(read(COL.low), c.quoteDecimal)}</span>
      <span className="cell num">{formatBookAmount(read(COL.volume), 0)}</span>
      <span className="cell num">{formatQuoteTurnover(read(COL.amount), c.quoteCoin, lang)}</span>
      <span className="cell action-cell">
        <Link href={to} className="trade-link">
          {t('quotes.trade')}
        </Link>
      </span>
    </div>
  );
}
