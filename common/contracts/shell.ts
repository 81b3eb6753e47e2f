import { type Static, Type } from 'typebox';
import { HeaderPagingFields, PageSchema } from './envelope.ts';

/**
 * The application shell (spec shell §2 header and footer, §4 language change, §7 "Configuration and content",
 * "Header calls", "Messages"): notices, switches, app links, site identity and footer, languages and their words,
 * personal settings, and the signed-in user's messages.
 */

/** Up/down colours: 1 green up and red down (the default), 2 red up and green down. */
export const UP_DOWN_COLORS = [1, 2] as const;
/** sourceType of the web client's words. */
export const WEB_SOURCE = 1;

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const NoticeQuerySchema = Type.Object(HeaderPagingFields);
export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const MessagePageQuerySchema = Type.Object({
  ...HeaderPagingFields,
  /** 1: unread messages only. */
  unread: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type MessagePageQuery = Static<typeof MessagePageQuerySchema>;
export const MessageReadBodySchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const LangText = Type.String({ minLength: 1, maxLength: 16 });
export const SetLanguageQuerySchema = Type.Object({ langCode: LangText });
export const GetLanguageQuerySchema = Type.Object({ langCode: Type.Optional(LangText) });
export const WordsQuerySchema = Type.Object({
  langCode: Type.Optional(LangText),
  sourceType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, default: WEB_SOURCE })),
});
/** Personal settings, each optional (a partial update): colour, language and display currency. */
export const PersonalizeBodySchema = Type.Object({
  // A tuple, not a mapped array: a union over an array's items types as never in Static.
  color: Type.Optional(Type.Union([Type.Literal(UP_DOWN_COLORS[0]), Type.Literal(UP_DOWN_COLORS[1])])),
  lang: Type.Optional(LangText),
  currency: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
});

export const DownloadParamsSchema = Type.Object({ file: Type.String({ maxLength: 100 }) });

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A notice as the header lists it (spec shell §3 "Notice article: title, created_at, html_url"). */
export const NoticeSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  created_at: Type.String(),
  createTime: Type.Number(),
  html_url: Type.String(),
  category: Type.String(),
  top: Type.Boolean(),
});
export type Notice = Static<typeof NoticeSchema>;
export const NoticePageSchema = PageSchema(NoticeSchema);
export const NoticeDetailSchema = Type.Object({ ...NoticeSchema.properties, body: Type.String(), lang: Type.String() });

/** App links (spec shell §3: apk, googlePlay); the APK only once an operator has published it. */
export const AppLinksSchema = Type.Object({
  apk: Type.String(),
  googlePlay: Type.String(),
  appStore: Type.String(),
  downloadPage: Type.String(),
  version: Type.String(),
  hideStoreCountries: Type.Array(Type.String()),
});
export type AppLinks = Static<typeof AppLinksSchema>;

export const SiteIconSchema = Type.Object({
  name: Type.String(),
  logo: Type.String(),
  logoDark: Type.String(),
  favicon: Type.String(),
});

export const IndexImagesSchema = Type.Object({ downloadLight: Type.String(), downloadDark: Type.String() });

/** Follow config (spec trading §3: status, applyStatus, minFollowAmount; §7 names status showStatus). */
export const FollowConfigSchema = Type.Object({
  status: Type.Integer(),
  showStatus: Type.Integer(),
  applyStatus: Type.Integer(),
  minFollowAmount: Type.String(),
});

export const SiteLinkSchema = Type.Object({
  key: Type.String(),
  name: Type.String(),
  url: Type.String(),
  external: Type.Boolean(),
  icon: Type.Union([Type.String(), Type.Null()]),
});
export type SiteLink = Static<typeof SiteLinkSchema>;
const LinkGroup = Type.Object({ title: Type.String(), links: Type.Array(SiteLinkSchema) });

/** The footer: its columns, social links, the help menu and the copyright line, labelled in the request's language. */
export const SiteConfigSchema = Type.Object({
  siteName: Type.String(),
  supportEmail: Type.String(),
  businessEmail: Type.String(),
  certificateUrl: Type.String(),
  copyright: Type.Object({ from: Type.Integer(), to: Type.Integer(), text: Type.String() }),
  riskWarning: Type.String(),
  footer: Type.Array(Type.Object({ key: Type.String(), ...LinkGroup.properties })),
  help: LinkGroup,
  social: LinkGroup,
});
export type SiteConfig = Static<typeof SiteConfigSchema>;

/** Language option: value and name (spec shell §3). */
export const LanguageDicSchema = Type.Array(Type.Object({ value: Type.String(), name: Type.String() }));
export const SysLanguagesSchema = Type.Array(
  Type.Object({
    value: Type.String(),
    name: Type.String(),
    enName: Type.String(),
    urlPrefix: Type.Union([Type.String(), Type.Null()]),
    isDefault: Type.Boolean(),
    sort: Type.Number(),
  }),
);
export const WordsSchema = Type.Record(Type.String(), Type.String());
export const SetLanguageSchema = Type.Object({ lang: Type.String(), saved: Type.Boolean() });
export const LanguageWordsSchema = Type.Object({ lang: Type.String(), translations: WordsSchema });

export const SettingsSchema = Type.Object({
  lang: Type.Union([Type.String(), Type.Null()]),
  color: Type.Integer(),
  currency: Type.Union([Type.String(), Type.Null()]),
});
export const PersonalSchema = Type.Object({
  lang: Type.Union([Type.String(), Type.Null()]),
  color: Type.Integer(),
  currency: Type.String(),
  currencySaved: Type.Boolean(),
});

export const MessageSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  content: Type.String(),
  time: Type.Number(),
  read: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type Message = Static<typeof MessageSchema>;
export const MessagePageSchema = PageSchema(MessageSchema);
export const UnreadCountSchema = Type.Integer();
export const MarkedSchema = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });
export const MessageReadSchema = Type.Object({ id: Type.Integer(), read: Type.Literal(1), unread: Type.Integer() });

/** The header's switches (spec shell §2, §4, §6) and the page data of spec shell §3 for the caller. */
export const IndexConfigSchema = Type.Object({
  hasSim: Type.Boolean(),
  followEnable: Type.Boolean(),
  newMemberEnable: Type.Boolean(),
  dayBattleEnable: Type.Boolean(),
  optionEnable: Type.Boolean(),
  videoLangs: Type.Array(Type.String()),
  specialGroupCountries: Type.Array(Type.String()),
  isLogin: Type.Boolean(),
  country: Type.Union([Type.String(), Type.Null()]),
  specialGroup: Type.Boolean(),
  newMember: Type.Boolean(),
  apk: Type.String(),
});
export type IndexConfig = Static<typeof IndexConfigSchema>;

/** /health: the server is up; `sockets` are the market-data connections open now (the e2e suite waits on both). */
export const HealthSchema = Type.Object({ status: Type.Literal('ok'), sockets: Type.Integer({ minimum: 0 }) });
export type Health = Static<typeof HealthSchema>;
