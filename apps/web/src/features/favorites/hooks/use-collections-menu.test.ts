import type { DesignCard } from "@threadfolk/contract/discovery";
import { beforeEach, describe, expect, it } from "vitest";
import {
  closeCollectionsMenu,
  openCollectionsMenu,
  openCreateCollectionDialog,
  readCollectionsMenuState,
  returnToCollectionsMenu,
} from "./use-collections-menu.ts";

const card = { uuid: "a", displayName: "Cosmic Cat" } as DesignCard;
const otherCard = { uuid: "b", displayName: "Frog Prince" } as DesignCard;
/** A stand-in for a heart button: the store only asks whether it is still on the page. */
const heart = (isConnected = true) => ({ isConnected }) as HTMLElement;

describe("collections menu state", () => {
  beforeEach(() => closeCollectionsMenu());

  it("opens against a heart, and the same heart closes it again", () => {
    const anchor = heart();
    openCollectionsMenu(card, anchor);
    expect(readCollectionsMenuState()).toMatchObject({ view: "menu", card, anchor });
    openCollectionsMenu(card, anchor);
    expect(readCollectionsMenuState().view).toBe("closed");
  });

  it("moves to another card when another heart is clicked", () => {
    openCollectionsMenu(card, heart());
    const second = heart();
    openCollectionsMenu(otherCard, second);
    expect(readCollectionsMenuState()).toMatchObject({ view: "menu", card: otherCard, anchor: second });
  });

  it("comes back to the menu after the dialog, unless the heart has left the page", () => {
    openCollectionsMenu(card, heart());
    openCreateCollectionDialog();
    expect(readCollectionsMenuState().view).toBe("create");
    returnToCollectionsMenu();
    expect(readCollectionsMenuState().view).toBe("menu");

    openCollectionsMenu(otherCard, heart(false));
    openCreateCollectionDialog();
    returnToCollectionsMenu();
    expect(readCollectionsMenuState().view).toBe("closed");
  });

  it("opens the dialog only from the open menu", () => {
    openCollectionsMenu(card, heart());
    closeCollectionsMenu();
    openCreateCollectionDialog();
    expect(readCollectionsMenuState().view).toBe("closed");
  });
});
