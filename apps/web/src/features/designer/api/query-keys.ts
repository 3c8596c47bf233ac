/** React Query keys of the product designer and editor. */
export const designerKeys = {
  all: ["designer"] as const,
  garmentStyles: () => [...designerKeys.all, "garment-styles"] as const,
  drafts: () => [...designerKeys.all, "drafts"] as const,
  design: (uuid: string) => [...designerKeys.all, "design", uuid] as const,
  renders: (uuid: string) => [...designerKeys.all, "renders", uuid] as const,
  tags: (query: string) => [...designerKeys.all, "tags", query] as const,
};
