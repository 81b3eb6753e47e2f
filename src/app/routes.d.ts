/** Header nav entries a route highlights (spec shell §2 "nav index"). */
export declare const NavIndex: {
    readonly fastBuy: 0;
    readonly quotes: 1;
    readonly trade: 2;
    readonly contract: 3;
    readonly copyTrading: 4;
    readonly financial: 5;
    readonly arena: 6;
    readonly activity: 7;
};
export type NavIndex = (typeof NavIndex)[keyof typeof NavIndex];
/** One row of the route table of spec shell §2 and trading §2. */
export interface RouteDef {
    /** Pattern: `/trade/:pair`, `/activity/redpacket/:type?`, `/coinnews/*`. */
    path: string;
    needLogin?: boolean;
    needFooter?: boolean;
    hideHeader?: boolean;
    /** Theme switch available; other routes are forced light (spec shell §1). */
    isCaseTheme?: boolean;
    /** Trading pages: always dark (spec trading §2). */
    dark?: boolean;
    nav?: NavIndex;
    /** Where this path redirects (query kept). */
    redirect?: string;
    /**
     * Served: the area has a page, which src/app/pages.ts loads lazily by this row's path (the table itself imports no
     * page, so pages may read it). Routes of areas not built yet have none: they are not served (not-found).
     */
    page?: true;
}
/**
 * The route table. Order matters: the first match wins, so exact redirects come before their children and
 * parameter routes come last. Later issues mark their rows `page: true`.
 */
export declare const ROUTES: readonly RouteDef[];
/** `/a/:b/:c?` and `/a/*` to a regular expression (a trailing slash is allowed). */
export declare function compilePattern(path: string): {
    regex: RegExp;
    keys: string[];
};
export interface Resolved {
    route: RouteDef;
    params: Record<string, string>;
}
/** The first row of the table that matches a path (without the language prefix or query), or null. */
export declare function findRoute(pathname: string): Resolved | null;
/** A route is served once its area has a page. */
export declare function isBuilt(route: RouteDef | null | undefined): boolean;
/** Whether an in-app path leads to a page that exists (menus and links leave the others out). */
export declare function isBuiltPath(path: string): boolean;
export type Theme = 'light' | 'dark';
/** Trading pages dark; theme-switchable routes the stored choice; every other route light (spec shell §1). */
export declare function themeFor(route: RouteDef | null | undefined, stored: Theme): Theme;
/** What the guard does with a navigation (spec shell §4). */
export type GuardDecision = {
    kind: 'redirect';
    to: string;
} | {
    kind: 'login';
    to: string;
} | {
    kind: 'render';
    route: RouteDef;
    params: Record<string, string>;
} | {
    kind: 'notFound';
};
export declare const LOGIN_TIP_PATH = "/login?showLoginTip=1";
/**
 * Redirects of the table first (the query is kept); then a login-required route without a token goes to
 * /login?showLoginTip=1 (even before its page exists, so the rule holds as areas land); then the page, or not-found.
 */
export declare function decide(pathname: string, search: string, hasToken: boolean): GuardDecision;
