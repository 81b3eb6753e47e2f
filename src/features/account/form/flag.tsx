/**
 * Country flags as images (flag-icons, MIT): emoji flags draw as boxes on some systems. Only the URLs are bundled;
 * each SVG is fetched when a flag is shown.
 */
const FLAGS = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/??.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** The image URL of a two-letter code's flag, or null. */
export function flagUrl(twoCode: string | undefined): string | null {
  if (!twoCode || !/^[a-z]{2}$/i.test(twoCode)) return null;
  return FLAGS[`/node_modules/flag-icons/flags/4x3/${twoCode.toLowerCase()}.svg`] ?? null;
}

/** A decorative flag (the country name is next to it); a neutral box when there is none. */
export function Flag({ code }: { code: string | undefined }) {
  const url = flagUrl(code);
  return url ? (
    <img className="acc-flag" src={url} alt="" aria-hidden="true" width={20} height={15} loading="lazy" />
  ) : (
    <span className="acc-flag acc-flag-none" aria-hidden="true" />
  );
}
