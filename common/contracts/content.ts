import { type Static, Type } from 'typebox';
import { PageNoSchema, PageSchema, PageSizeSchema } from './envelope.ts';

/**
 * The open content pages (spec shell §7 "Configuration and content"; issue 8 item 3): the help centre, coin news,
 * video tutorials, games and activities, program pages, site search and the official-channel check.
 */

/** Longest search text; more words than MAX_WORDS are refused rather than cut. */
export const MAX_KEYWORD = 50;
export const MAX_WORDS = 5;

/** The stored kinds /article/* serves (help has its own calls). */
export type ArticleKindShown = 'news' | 'video' | 'game';

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Fields shared by the content lists: paging (spec shell §9: default 20), category, language, search words. */
const ListFields = {
  pageNo: Type.Optional(PageNoSchema),
  pageSize: Type.Optional(PageSizeSchema),
  cate: Type.Optional(Type.String({ maxLength: 32 })),
  lang: Type.Optional(Type.String({ maxLength: 16 })),
  keyword: Type.Optional(Type.String({ maxLength: MAX_KEYWORD })),
};
const Id = Type.Integer({ minimum: 1 });
const KindSchema = Type.Union([Type.Literal('news'), Type.Literal('video'), Type.Literal('game')]);
const Kind = Type.Optional(KindSchema);

export const HelpPageBodySchema = Type.Object(ListFields);
export type HelpPageBody = Static<typeof HelpPageBodySchema>;
/** A help article's key, its slug in /helpDetail/{key} (e.g. privacy-policy); a letter first, so never an id. */
export const HELP_KEY_PATTERN = '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$';
/** One help article by its id or by its key (exactly one of them), in `lang`. */
export const HelpDetailBodySchema = Type.Object({
  id: Type.Optional(Id),
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: HELP_KEY_PATTERN })),
  lang: ListFields.lang,
});
export type HelpDetailBody = Static<typeof HelpDetailBodySchema>;
export const HelpListQuerySchema = Type.Object({ lang: ListFields.lang });
export const SearchQuerySchema = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: MAX_KEYWORD }),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
});

export const ArticlePageBodySchema = Type.Object({ ...ListFields, type: Kind });
export const ArticleDetailBodySchema = Type.Object({ id: Id, type: Kind });
export const PosterParamsSchema = Type.Object({ file: Type.String({ pattern: '^[0-9]{1,9}\\.svg$' }) });
export const ProgramParamsSchema = Type.Object({ key: Type.String({ pattern: '^[a-z]{1,20}$' }) });
export const ChannelVerifyBodySchema = Type.Object({ value: Type.String({ minLength: 1, maxLength: 200 }) });

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export const CategorySchema = Type.Object({ key: Type.String(), name: Type.String() });
export type Category = Static<typeof CategorySchema>;

/** An article as the lists show it. */
export const ArticleItemSchema = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cate: Type.String(),
  cateName: Type.String(),
  createTime: Type.Number(),
  lang: Type.String(),
});
export type ArticleItem = Static<typeof ArticleItemSchema>;

export const HelpPageSchema = Type.Object({
  ...PageSchema(ArticleItemSchema).properties,
  cate: Type.String(),
  lang: Type.String(),
});

export const HelpArticleSchema = Type.Object({
  ...ArticleItemSchema.properties,
  body: Type.String(),
  related: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type HelpArticle = Static<typeof HelpArticleSchema>;

/** The help centre's side menu: categories with their article counts. */
export const HelpCategoriesSchema = Type.Object({
  categories: Type.Array(Type.Object({ ...CategorySchema.properties, count: Type.Integer() })),
  total: Type.Integer(),
  lang: Type.String(),
});

const Hits = Type.Object({ records: Type.Array(ArticleItemSchema), total: Type.Integer() });
export const SearchResultSchema = Type.Object({ help: Hits, news: Hits });

export const GameStatusSchema = Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')]);
export type GameStatus = Static<typeof GameStatusSchema>;

/** A news, video or game entry: videos add minutes and the poster, games their window, state, reward and players. */
export const ShownArticleSchema = Type.Object({
  ...ArticleItemSchema.properties,
  minutes: Type.Optional(Type.Number()),
  poster: Type.Optional(Type.String()),
  startAt: Type.Optional(Type.Number()),
  endAt: Type.Optional(Type.Number()),
  status: Type.Optional(GameStatusSchema),
  reward: Type.Optional(Type.String()),
  players: Type.Optional(Type.Number()),
});

export const ArticlePageSchema = Type.Object({
  ...PageSchema(ShownArticleSchema).properties,
  type: KindSchema,
  categories: Type.Array(CategorySchema),
  serverTime: Type.Number(),
});
export const ArticleDetailSchema = Type.Object({ ...ShownArticleSchema.properties, body: Type.String() });

/** A program page (partner, new-coin listing, promotion, SEO landing) in sections of trusted HTML. */
export const ProgramPageSchema = Type.Object({
  key: Type.String(),
  lang: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  sections: Type.Array(Type.Object({ title: Type.String(), html: Type.String() })),
});
export type ProgramPage = Static<typeof ProgramPageSchema>;

export const ChannelSchema = Type.Object({ kind: Type.String(), display: Type.String(), region: Type.String() });
export type Channel = Static<typeof ChannelSchema>;
export const ChannelsSchema = Type.Object({ channels: Type.Array(ChannelSchema) });
export const ChannelVerdictSchema = Type.Object({
  value: Type.String(),
  official: Type.Boolean(),
  matches: Type.Array(ChannelSchema),
});
export type ChannelVerdict = Static<typeof ChannelVerdictSchema>;
