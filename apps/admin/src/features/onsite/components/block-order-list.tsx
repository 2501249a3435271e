import type { WidgetDesign } from "@laurel/contracts";
import { BlockStack, Box, Checkbox, Icon, InlineStack, Text } from "@shopify/polaris";
import { DragHandleIcon } from "@shopify/polaris-icons";
import { type DragEvent, type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Blocks = WidgetDesign["blocks"]["guest"];

/** Moves the item at `from` to `to`. */
export function moveBlock(blocks: Blocks, from: number, to: number): Blocks {
  if (to < 0 || to >= blocks.length || from === to) return blocks;
  const next = [...blocks];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

/**
 * N-04: the panel's content blocks, reordered by dragging a row or, from the keyboard, by focusing
 * a row's handle and pressing the Up or Down arrow (each move is announced); a checkbox shows or
 * hides each block. Native drag and drop and a dozen lines of keys instead of a library: three
 * rows do not need one (decision 0085).
 */
export function BlockOrderList({
  id,
  blocks,
  onChange,
}: {
  id: string;
  blocks: Blocks;
  onChange: (blocks: Blocks) => void;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const handles = useRef<Array<HTMLButtonElement | null>>([]);
  const name = (block: Blocks[number]) => t(`onsite.blocks.${block.id}`);

  const move = (from: number, to: number) => {
    const next = moveBlock(blocks, from, to);
    if (next === blocks) return;
    onChange(next);
    const block = blocks[from];
    if (block) {
      setAnnouncement(
        t("onsite.blocks.moved", { block: name(block), position: to + 1, count: blocks.length }),
      );
    }
    // The handle keeps the focus as its row moves.
    requestAnimationFrame(() => handles.current[to]?.focus());
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: blocks.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(index, to);
  };

  const onDrop = (index: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued" id={`${id}-help`}>
        {t("onsite.blocks.help")}
      </Text>
      <ol style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid={`${id}-list`}>
        {blocks.map((block, index) => (
          <li
            key={block.id}
            data-testid={`${id}-row`}
            data-block={block.id}
            draggable
            onDragStart={(e) => {
              setDragged(index);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", block.id);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={onDrop(index)}
            onDragEnd={() => setDragged(null)}
            style={{ opacity: dragged === index ? 0.5 : 1 }}
          >
            <Box
              padding="200"
              borderWidth="025"
              borderColor="border"
              borderRadius="200"
              background="bg-surface"
            >
              <InlineStack gap="300" blockAlign="center" wrap={false}>
                <button
                  type="button"
                  ref={(el) => {
                    handles.current[index] = el;
                  }}
                  aria-label={t("onsite.blocks.handle", { block: name(block) })}
                  aria-describedby={`${id}-help`}
                  onKeyDown={onKeyDown(index)}
                  data-testid={`${id}-handle-${block.id}`}
                  style={{ cursor: "grab", background: "none", border: 0, padding: 4, display: "flex" }}
                >
                  <Icon source={DragHandleIcon} tone="subdued" />
                </button>
                <Box width="100%">
                  <Checkbox
                    label={name(block)}
                    checked={block.visible}
                    onChange={(visible) =>
                      onChange(blocks.map((b, i) => (i === index ? { ...b, visible } : b)))
                    }
                  />
                </Box>
              </InlineStack>
            </Box>
          </li>
        ))}
      </ol>
      <div
        role="status"
        aria-live="polite"
        data-testid={`${id}-announcement`}
        style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        {announcement}
      </div>
    </BlockStack>
  );
}
