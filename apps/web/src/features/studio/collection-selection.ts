/**
 * The collection editor's selection: the designs picked, in the order they were picked (the section's order on
 * the storefront), by uuid (spec section 2: clicking a card selects it by id).
 */
export function toggleSelected(selected: readonly string[], uuid: string): string[] {
  return selected.includes(uuid) ? selected.filter((value) => value !== uuid) : [...selected, uuid];
}

/** The selection when a collection is opened for editing: its designs that are still on the artist's list. */
export function initialSelection(designUuids: readonly string[], known: ReadonlySet<string> | undefined): string[] {
  return known ? designUuids.filter((uuid) => known.has(uuid)) : [...designUuids];
}
