/** A sortable column's header button: its label and an arrow for the direction (▲ ascending, ▼ descending, ⇅ none). */
export function SortButton(props: {
  sortKey: string;
  label: string;
  dir: 'asc' | 'desc' | null;
  title: string;
  onClick: () => void;
}) {
  const arrow = props.dir === 'asc' ? ' ▲' : props.dir === 'desc' ? ' ▼' : ' ⇅';
  return (
    <button type="button" className="sort" data-sort={props.sortKey} title={props.title} onClick={props.onClick}>
      {props.label}
      <span aria-hidden="true">{arrow}</span>
    </button>
  );
}
