import { useRef } from "preact/hooks";

/**
 * Tabs (WAI-ARIA tabs pattern): one tab in the Tab order, arrow keys, Home and End move between
 * them and select (automatic activation).
 */
export function Tabs<K extends string>({
  id,
  tabs,
  selected,
  onSelect,
}: {
  id: string;
  tabs: [K, string][];
  selected: K;
  onSelect(key: K): void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const n = tabs.length;
    const i = tabs.findIndex(([k]) => k === selected);
    const j = { ArrowRight: i + 1, ArrowLeft: i - 1 + n, Home: 0, End: n - 1 }[e.key];
    if (j === undefined) return;
    e.preventDefault();
    const next = tabs[j % n];
    if (next) onSelect(next[0]);
    (list.current?.children[j % n] as HTMLElement | undefined)?.focus();
  };
  return (
    <div role="tablist" class="lw-tabs" ref={list} onKeyDown={onKeyDown}>
      {tabs.map(([key, label]) => (
        <button
          key={key}
          type="button"
          role="tab"
          id={`${id}-${key}`}
          aria-selected={key === selected}
          aria-controls={`${id}-panel`}
          tabIndex={key === selected ? 0 : -1}
          data-testid={`${id}-tab-${key}`}
          onClick={() => onSelect(key)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
