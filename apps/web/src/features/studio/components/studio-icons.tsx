import type { SVGProps } from "react";
import { StrokeIcon as StudioIcon } from "../../../components/icons/icons.tsx";

type IconProps = SVGProps<SVGSVGElement>;

export function PencilIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </StudioIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12.5A1.5 1.5 0 0 0 8.5 21h7a1.5 1.5 0 0 0 1.5-1.5L18 7M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />
    </StudioIcon>
  );
}

export function RestoreIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M4 12a8 8 0 1 0 2.4-5.7L4 8.5" />
      <path d="M4 4v4.5h4.5" />
    </StudioIcon>
  );
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </StudioIcon>
  );
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </StudioIcon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </StudioIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <StudioIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </StudioIcon>
  );
}
