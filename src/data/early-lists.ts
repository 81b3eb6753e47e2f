// Lists the page being loaded reads in its first render (the spot terminal's markets), fetched from the entry
// (src/main.tsx) while the page's chunks load, and handed to the data worker, whose books need the same list for
// their grids: a cold load asks the server once, and the first render already has the answer (issue 22 item 1).

import type { Lang } from '../../common/i18n.ts';
import { type ApiResult, get } from '../api/request.ts';
import type { FirstAnswer } from '../api/use-request.ts';
import { dataClient } from './hooks.ts';

interface Early {
  answer: Promise<ApiResult<unknown>>;
  settled: ApiResult<unknown> | null;
}

const early = new Map<string, Early>();

/** Fetches `path` now (silently, in `lang`), for the page's first render and the data worker. */
export function fetchEarly(path: string, lang: Lang): void {
  const answer = get<unknown>(path, {}, { silent: true, lang });
  const entry: Early = { answer, settled: null };
  void answer.then((result) => {
    entry.settled = result;
  });
  early.set(path, entry);
  dataClient().shareList(path, answer);
}

/** The early answer of `path`, once (settled or on its way); undefined when there was none or it was taken. */
export function takeEarly<T>(path: string): FirstAnswer<T> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return (entry.settled ?? entry.answer) as FirstAnswer<T>;
}
