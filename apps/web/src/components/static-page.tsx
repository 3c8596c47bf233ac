import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title.ts";

type StaticSection = {
  /** Anchor of the section (`/faq#shipping`). */
  id: string;
  title: string;
  content: ReactNode;
};

type StaticPageProps = {
  title: string;
  eyebrow: string;
  /** One or two sentences under the title. */
  intro: ReactNode;
  sections: StaticSection[];
  /** Extra content after the sections (a call to action). */
  footer?: ReactNode;
};

/** The frame of the written pages: a title band, a contents list on wide screens, readable prose. */
export function StaticPage({ title, eyebrow, intro, sections, footer }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <article>
      <header className="border-b border-neutral-200 bg-[radial-gradient(circle_at_85%_0%,rgb(215_38_61/0.09),transparent_45%)] px-5 pt-10 pb-9 md:px-10 md:pt-16 md:pb-12">
        <p className="text-xs font-bold tracking-[0.16em] text-brand uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-4xl font-display text-4xl font-extrabold tracking-tight text-balance text-neutral-950 md:text-6xl">
          {title}
        </h1>
        <div className="mt-5 max-w-3xl text-lg leading-relaxed text-pretty text-neutral-700 md:text-xl">{intro}</div>
      </header>
      <div className="px-5 py-10 md:px-10 md:py-14 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-28">
            <p className="text-xs font-bold tracking-[0.16em] text-neutral-500 uppercase">On this page</p>
            <ol className="mt-4 space-y-2.5 border-l border-neutral-200 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent pl-4 text-neutral-600 hover:border-brand hover:text-neutral-950"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="static-prose max-w-3xl">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-32"
            >
              <h2 id={`${section.id}-heading`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
          {footer}
        </div>
      </div>
    </article>
  );
}

/** A call-to-action box at the end of a written page. */
export function ContactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="not-prose mt-14 rounded-3xl bg-neutral-950 p-7 text-neutral-200 md:p-9">
      <p className="font-display text-2xl font-extrabold tracking-tight text-white">{title}</p>
      <div className="mt-3 leading-relaxed [&_a]:font-semibold [&_a]:text-white [&_a]:underline [&_a]:decoration-brand [&_a]:decoration-2 [&_a]:underline-offset-4">
        {children}
      </div>
    </aside>
  );
}
