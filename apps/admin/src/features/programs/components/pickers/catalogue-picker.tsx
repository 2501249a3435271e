import type { CatalogueCollection, CatalogueProduct } from "@laurel/contracts";
import {
  BlockStack,
  Button,
  Checkbox,
  InlineError,
  InlineStack,
  Modal,
  Spinner,
  Tag,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CatalogueKind, useCatalogueSearch } from "../../api/get-catalogue";

type Item = CatalogueProduct | CatalogueCollection;

/** Ids as the form keeps them: comma-separated, in the order picked. */
export const idsOf = (value: string): string[] =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

export interface CataloguePickerProps {
  kind: CatalogueKind;
  /** Names the picker (`programs.pickers.<name>.label|browse`). */
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** C-20, D-05: at most 100 specific products. */
  max?: number;
  /** One item only (the free gift's product); the pick is also handed over whole. */
  single?: boolean;
  onPick?: (item: CatalogueProduct) => void;
}

/**
 * Picks products or collections of the store (C-20, D-05, D-16) through `GET /lp/catalogue/*`,
 * which reads the platform (Shopify's Admin API, or the demo store's catalogue). The picked items
 * show as tags; "Browse" opens a searchable list in a modal, in the style of Shopify's resource
 * picker, and nothing changes until "Select".
 */
export function CataloguePicker({
  kind,
  name,
  value,
  onChange,
  error,
  max,
  single,
  onPick,
}: CataloguePickerProps) {
  const { t } = useTranslation();
  const picked = idsOf(value);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(picked);
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [products, setProducts] = useState<Record<string, CatalogueProduct>>({});

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  // The first page names the ids already stored; the modal loads what it searches.
  const search = useCatalogueSearch(kind, open ? q : "", open || picked.length > 0);
  const items = useMemo<Item[]>(
    () => search.data?.pages.flatMap((p) => p.items as Item[]) ?? [],
    [search.data],
  );
  useEffect(() => {
    if (items.length === 0) return;
    setTitles((known) => ({ ...known, ...Object.fromEntries(items.map((i) => [i.id, i.title])) }));
    if (kind === "products") {
      setProducts((known) => ({
        ...known,
        ...Object.fromEntries((items as CatalogueProduct[]).map((i) => [i.id, i])),
      }));
    }
  }, [items, kind]);

  const full = max !== undefined && draft.length >= max;
  const toggle = (id: string, on: boolean) => {
    if (single) setDraft(on ? [id] : []);
    else setDraft((d) => (on ? (d.includes(id) ? d : [...d, id]) : d.filter((x) => x !== id)));
  };
  const openModal = () => {
    setDraft(picked);
    setOpen(true);
  };
  const confirm = () => {
    onChange(draft.join(","));
    const first = draft[0];
    if (onPick && first !== undefined && products[first]) onPick(products[first] as CatalogueProduct);
    setOpen(false);
  };
  const label = t(`programs.pickers.${name}.label`);

  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="span" variant="bodyMd">
          {label}
        </Text>
        <Button onClick={openModal} accessibilityLabel={t(`programs.pickers.${name}.browse`)}>
          {t(`programs.pickers.browse.${kind}`)}
        </Button>
      </InlineStack>
      {picked.length === 0 ? (
        <Text as="p" tone="subdued">
          {t(`programs.pickers.none.${kind}`)}
        </Text>
      ) : (
        <InlineStack gap="200">
          {picked.map((id) => (
            <Tag
              key={id}
              onRemove={() => onChange(picked.filter((x) => x !== id).join(","))}
              accessibilityLabel={t("programs.pickers.remove", { name: titles[id] ?? id })}
            >
              {titles[id] ?? `#${id}`}
            </Tag>
          ))}
        </InlineStack>
      )}
      {error ? <InlineError message={error} fieldID={`picker-${name}`} /> : null}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={label}
        primaryAction={{ content: t("programs.pickers.select"), onAction: confirm }}
        secondaryActions={[{ content: t("programs.editor.cancel"), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <TextField
              label={t(`programs.pickers.search.${kind}`)}
              value={typed}
              onChange={setTyped}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => setTyped("")}
            />
            {max !== undefined ? (
              <Text as="p" tone={full ? "caution" : "subdued"}>
                {full
                  ? t("programs.pickers.full", { max })
                  : t("programs.pickers.count", { n: draft.length, max })}
              </Text>
            ) : null}
            {search.isError ? (
              <InlineStack gap="200" blockAlign="center">
                <Text as="p" tone="critical">
                  {t("programs.pickers.failed")}
                </Text>
                <Button onClick={() => void search.refetch()}>{t("programs.pickers.retry")}</Button>
              </InlineStack>
            ) : null}
            {search.isPending && open ? (
              <Spinner size="small" accessibilityLabel={t("programs.pickers.loading")} />
            ) : null}
            {!search.isPending && items.length === 0 && !search.isError ? (
              <Text as="p" tone="subdued">
                {t(`programs.pickers.empty.${kind}`)}
              </Text>
            ) : null}
            <BlockStack gap="100">
              {items.map((item) => {
                const on = draft.includes(item.id);
                const detail =
                  "vendor" in item
                    ? item.vendor
                    : item.productsCount === null
                      ? ""
                      : t("programs.pickers.productsCount", { n: item.productsCount });
                return (
                  <Checkbox
                    key={item.id}
                    label={item.title}
                    helpText={detail || undefined}
                    checked={on}
                    disabled={!on && full && !single}
                    onChange={(v) => toggle(item.id, v)}
                  />
                );
              })}
            </BlockStack>
            {search.hasNextPage ? (
              <InlineStack>
                <Button onClick={() => void search.fetchNextPage()} loading={search.isFetchingNextPage}>
                  {t("programs.pickers.more")}
                </Button>
              </InlineStack>
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
