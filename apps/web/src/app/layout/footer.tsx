import { Link } from "react-router";
import { FacebookIcon, InstagramIcon, PinterestIcon, TwitterIcon } from "../../components/icons/icons.tsx";
import { LogoMark } from "../../components/logo.tsx";
import { PaymentCards } from "../../components/payment-cards.tsx";
import { appConfig, socialLinks } from "../../lib/config.ts";
import { FOOTER_LINK_GROUPS } from "./footer-links.ts";

const SOCIAL_ICONS = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  Twitter: TwitterIcon,
  Pinterest: PinterestIcon,
} as const;

const linkClass =
  "rounded text-neutral-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function SocialLinks({ className = "" }: { className?: string }) {
  return (
    <ul className={`flex gap-2 ${className}`}>
      {socialLinks().map(({ network, href }) => {
        const Icon = SOCIAL_ICONS[network];
        return (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${appConfig.brandName} on ${network} (opens in a new tab)`}
              className="flex size-11 items-center justify-center rounded-full bg-white/5 text-neutral-200 ring-1 ring-white/10 transition-colors hover:bg-brand hover:text-white hover:ring-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Icon className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Blurb() {
  return (
    <p className="max-w-xs text-sm leading-relaxed text-neutral-400">
      Designs by independent artists, printed on demand on quality tees. Every order pays the artist who made it.
    </p>
  );
}

function Brand() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark className="size-8" />
      <span className="font-display text-lg font-extrabold tracking-tight text-white">{appConfig.brandName}</span>
    </span>
  );
}

function DesktopFooter() {
  return (
    <div className="hidden md:block">
      <div className="mx-auto grid max-w-[1440px] grid-cols-[1.4fr_repeat(3,1fr)] gap-10 px-10 pt-14 pb-10">
        <div className="space-y-5">
          <Brand />
          <Blurb />
          <SocialLinks />
        </div>
        {FOOTER_LINK_GROUPS.map((group) => (
          <div key={group.heading}>
            <h2 className="text-xs font-bold tracking-[0.16em] text-neutral-400 uppercase">{group.heading}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-[1440px] items-center justify-between gap-6 px-10 py-6 text-sm text-neutral-400">
          <p>
            © {new Date().getFullYear()} {appConfig.brandName}. Prices in USD. Shipping within the United States.
          </p>
          <PaymentCards className="h-8 w-auto" />
        </div>
      </div>
    </div>
  );
}

function MobileFooter() {
  const links = FOOTER_LINK_GROUPS.flatMap((group) => group.links);
  return (
    <div className="space-y-8 px-5 pt-10 pb-8 md:hidden">
      <div className="flex flex-col items-center gap-4 text-center">
        <Brand />
        <Blurb />
        <SocialLinks className="justify-center" />
      </div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 border-y border-white/10 py-5 text-[15px]">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={`block py-2 ${linkClass}`}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-4 text-center text-xs text-neutral-400">
        <PaymentCards className="h-8 w-auto" />
        <p>
          © {new Date().getFullYear()} {appConfig.brandName}. Prices in USD. Shipping within the United States.
        </p>
      </div>
    </div>
  );
}

/** The site footer: internal links, the brand's social pages and the payment methods. */
export function Footer() {
  return (
    <footer className="mt-auto bg-neutral-950 text-neutral-300">
      <DesktopFooter />
      <MobileFooter />
    </footer>
  );
}
