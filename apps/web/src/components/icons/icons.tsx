import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

/** Line icons drawn for this product on a 24x24 grid, stroked with the current text colour (features add theirs). */
export function StrokeIcon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </StrokeIcon>
  );
}

export function AccountIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4 20.5c1.2-3.8 4.3-5.8 8-5.8s6.8 2 8 5.8" />
    </StrokeIcon>
  );
}

export function CartIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2.5 3.5h2.6l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7.5H6" />
      <circle cx="9.5" cy="19.8" r="1.3" />
      <circle cx="17.5" cy="19.8" r="1.3" />
    </StrokeIcon>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M15 5 8 12l7 7" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 12h15M13 6l6 6-6 6" />
    </StrokeIcon>
  );
}

// Social marks: a rounded tile with a simple letter or glyph, drawn here rather than taken from brand kits.
export function FacebookIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M15.5 7.5h-1.8a2.2 2.2 0 0 0-2.2 2.2V21M9 12.5h6" />
    </StrokeIcon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </StrokeIcon>
  );
}

export function TwitterIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M10.5 6.5v8.2a2.3 2.3 0 0 0 2.3 2.3h2.7M8 10h7" />
    </StrokeIcon>
  );
}

export function PinterestIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M10 21V7.5h3a3.3 3.3 0 0 1 0 6.6h-3" />
    </StrokeIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 6 12 12M18 6 6 18" />
    </StrokeIcon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m15 5-7 7 7 7" />
    </StrokeIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m9 5 7 7-7 7" />
    </StrokeIcon>
  );
}

/** A heart; `filled` paints it in the current colour (a favourited design). */
export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <StrokeIcon fill={filled ? "currentColor" : "none"} {...props}>
      <path d="M12 20.3s-7.8-4.6-7.8-10.4A4.4 4.4 0 0 1 8.6 5.5c1.5 0 2.7.8 3.4 2 .7-1.2 1.9-2 3.4-2a4.4 4.4 0 0 1 4.4 4.4c0 5.8-7.8 10.4-7.8 10.4Z" />
    </StrokeIcon>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 6v12M15 6v12" />
    </StrokeIcon>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M8 5.5v13l10.5-6.5Z" />
    </StrokeIcon>
  );
}

export function RulerIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3.5 15.5 15.5 3.5l5 5-12 12Z" />
      <path d="m7 12 1.8 1.8M10 9l1.8 1.8M13 6l1.8 1.8" />
    </StrokeIcon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </StrokeIcon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.2 7.5 9.5 4.4-1.3 7.5-4.9 7.5-9.5V6Z" />
      <path d="m8.8 12.2 2.2 2.2 4.2-4.4" />
    </StrokeIcon>
  );
}

/** A box with an arrow leaving it: the link opens another site in a new tab. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M14 4.5h5.5V10" />
      <path d="m19.5 4.5-8 8" />
      <path d="M17.5 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8.5a2 2 0 0 1 2-2h4" />
    </StrokeIcon>
  );
}
