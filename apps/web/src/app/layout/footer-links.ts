type FooterLink = { to: string; label: string };

/** The footer's internal links, grouped as the desktop footer shows them. */
export const FOOTER_LINK_GROUPS: { heading: string; links: FooterLink[] }[] = [
  {
    heading: "Shop",
    links: [
      { to: "/size-charts", label: "Size Charts" },
      { to: "/faq", label: "FAQ" },
      { to: "/refund-policy", label: "Refund Policy" },
    ],
  },
  {
    heading: "Sell",
    links: [
      { to: "/seller-program", label: "Seller Program" },
      { to: "/intellectual-property-policy", label: "Intellectual Property Policy" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/terms", label: "Terms & Conditions" },
      { to: "/privacy-policy", label: "Privacy Policy" },
    ],
  },
];
