import type { Static } from 'typebox';
import type {
  ArticleItem,
  ArticlePageSchema,
  CategorySchema,
  Channel,
  ChannelsSchema,
  ChannelVerdict,
  GameStatus,
  HelpArticle,
  HelpCategoriesSchema,
  ProgramPage,
  ShownArticleSchema,
} from '../../../common/contracts/content.ts';
import type { Page } from '../../../common/contracts/envelope.ts';
import type {
  MarkedSchema,
  Message,
  MessageReadSchema,
  Notice,
  NoticeDetailSchema,
} from '../../../common/contracts/shell.ts';
import { get, isSuccess, post } from '../../api/request.ts';

// The wire shapes are the server's contracts (common/contracts/content.ts, shell.ts); the pages import them from here.
export type { ArticleItem, ChannelVerdict, GameStatus, HelpArticle, ProgramPage };
export type NoticeItem = Notice;
export type NoticeArticle = Static<typeof NoticeDetailSchema>;
export type MessageItem = Message;
export type ChannelItem = Channel;

/** Calls of the open content pages (spec shell §7 "Configuration and content", "Messages"; issue 8 item 3). */

export type Category = Static<typeof CategorySchema>;
type ShownArticle = Static<typeof ShownArticleSchema>;
/** A video entry: the server sends minutes and poster for every entry of kind video. */
export type VideoItem = ArticleItem & Required<Pick<ShownArticle, 'minutes' | 'poster'>>;
/** A game entry: the server sends its window, state, reward and players for every entry of kind game. */
export type GameItem = ArticleItem &
  Required<Pick<ShownArticle, 'startAt' | 'endAt' | 'status' | 'reward' | 'players'>>;
/** /article/pageShow, its records read as the kind asked for. */
export type ArticlePage<T> = Omit<Static<typeof ArticlePageSchema>, 'records'> & { records: T[] };

export type ListParams = {
  pageNo: number;
  pageSize: number;
  cate?: string | undefined;
  keyword?: string | undefined;
};

/** spec shell §9: default page size 20; the help centre and the news pages show 10 a page. */
export const CONTENT_PAGE_SIZE = 10;

export const helpCategories = () => get<Static<typeof HelpCategoriesSchema>>('/api/help/list');

export const helpPage = (params: ListParams) => post<Page<ArticleItem>>('/uc/ancillary/more/help/page', params);

/** The detail calls are silent: their page shows the refusal inline. */
/** One help article by its id or its key (the slug of /helpDetail/{key}). */
export const helpDetail = (ref: { id: number } | { key: string }) =>
  post<HelpArticle>('/uc/ancillary/more/help/detail', ref, { silent: true });

export const noticePage = (pageNo: number, pageSize: number) =>
  get<Page<NoticeItem>>('/api/notice', { pageNo, pageSize });

export const noticeDetail = (id: number) => get<NoticeArticle>(`/api/notice/${id}`, {}, { silent: true });

export const articlePage = <T>(type: 'news' | 'video' | 'game', params: ListParams) =>
  post<ArticlePage<T>>('/article/pageShow', { type, ...params });

export const articleDetail = <T>(type: 'news' | 'video' | 'game', id: number) =>
  post<T & { body: string }>('/article/detail', { type, id }, { silent: true });

export const programPage = (key: string) => get<ProgramPage>(`/api/content/page/${key}`);

export const officialChannels = () => get<Static<typeof ChannelsSchema>>('/api/content/channels');

/** The verdict; a value the server cannot read comes back as a refusal (its message is shown inline). */
export const verifyChannel = (value: string) =>
  post<ChannelVerdict>('/api/content/channel/verify', { value }, { silent: true });

export const messagePage = (pageNo: number, pageSize: number, unread: boolean) =>
  get<Page<MessageItem>>('/uc/message/page', { pageNo, pageSize, unread: unread ? 1 : undefined });

export async function unreadCount(): Promise<number> {
  const r = await get<number>('/uc/message/unreadCount', {}, { silent: true });
  return isSuccess(r.code) && typeof r.data === 'number' ? r.data : 0;
}

export const markAllMessagesRead = () => post<Static<typeof MarkedSchema>>('/uc/message/markAllRead');

export const markMessageRead = (id: number) => post<Static<typeof MessageReadSchema>>('/uc/message/read', { id });
