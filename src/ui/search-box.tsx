import { SearchIcon } from './icons.tsx';

/** A search field with its icon, labelled by its placeholder (the market lists and selectors). */
export function SearchBox(props: {
  className: string;
  value: string;
  label: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={props.className}>
      <SearchIcon width={14} height={14} />
      <input
        type="search"
        value={props.value}
        placeholder={props.label}
        aria-label={props.label}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
