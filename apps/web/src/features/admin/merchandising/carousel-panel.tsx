import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import { type CarouselSlideReply, MERCHANDISING_LIMITS } from "@threadfolk/contract/merchandising";
import { type FormEvent, useId, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { fieldErrors, useCarousel, useCarouselChange } from "./merchandising-api.ts";
import {
  FieldLabel,
  FieldMessage,
  inputClass,
  MoveButtons,
  moved,
  Section,
  SmallButton,
  StatusLine,
} from "./merchandising-ui.tsx";

type Status = { kind: "done" | "error"; text: string } | null;
type Change = ReturnType<typeof useCarouselChange>;

/** The file as base64 (without the data URL's prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

function SlideRow({
  slide,
  index,
  slides,
  change,
  setStatus,
}: {
  slide: CarouselSlideReply;
  index: number;
  slides: CarouselSlideReply[];
  change: Change;
  setStatus: (status: Status) => void;
}) {
  const [altText, setAltText] = useState(slide.altText);
  const [link, setLink] = useState(slide.link);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const altId = useId();
  const linkId = useId();
  const name = `slide ${index + 1}`;
  const run = (request: { path: string; method: string; body?: unknown }, done: string) => {
    setStatus(null);
    setErrors({});
    change.mutate(request, {
      onSuccess: () => setStatus({ kind: "done", text: done }),
      onError: (error) => {
        setErrors(fieldErrors(error));
        setStatus({ kind: "error", text: error.message });
      },
    });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    run(
      { path: apiPath(ADMIN_API.adminUpdateCarouselSlide, { id: slide.id }), method: "PATCH", body: { altText, link } },
      `Saved ${name}`,
    );
  };
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row">
      <img
        src={slide.thumbnailUrl}
        alt=""
        className="aspect-[1152/300] w-full rounded-lg bg-neutral-100 object-cover lg:w-80"
      />
      <form onSubmit={save} className="grid flex-1 gap-2" aria-label={`Slide ${index + 1}`}>
        <div>
          <FieldLabel htmlFor={altId}>Alt text of slide {index + 1}</FieldLabel>
          <input
            id={altId}
            className={inputClass}
            value={altText}
            maxLength={MERCHANDISING_LIMITS.slideAltMaxLength}
            onChange={(event) => setAltText(event.target.value)}
          />
          <FieldMessage id={`${altId}-error`} message={errors.alt_text} />
        </div>
        <div>
          <FieldLabel htmlFor={linkId}>Link of slide {index + 1}</FieldLabel>
          <input
            id={linkId}
            className={inputClass}
            value={link}
            maxLength={MERCHANDISING_LIMITS.slideLinkMaxLength}
            onChange={(event) => setLink(event.target.value)}
          />
          <FieldMessage id={`${linkId}-error`} message={errors.link} />
        </div>
        <div className="flex flex-wrap gap-2">
          <SmallButton type="submit" disabled={change.isPending}>
            Save
          </SmallButton>
          <MoveButtons
            name={name}
            index={index}
            count={slides.length}
            disabled={change.isPending}
            onMove={(from, to) =>
              run(
                {
                  path: apiPath(ADMIN_API.adminReorderCarouselSlides),
                  method: "PUT",
                  body: {
                    slideIds: moved(
                      slides.map((item) => item.id),
                      from,
                      to,
                    ),
                  },
                },
                `Moved ${name} to position ${to + 1}`,
              )
            }
          />
          <SmallButton
            tone="danger"
            aria-label={`Remove ${name}`}
            disabled={change.isPending}
            onClick={() =>
              run(
                { path: apiPath(ADMIN_API.adminRemoveCarouselSlide, { id: slide.id }), method: "DELETE" },
                `Removed ${name}`,
              )
            }
          >
            Remove
          </SmallButton>
        </div>
      </form>
    </li>
  );
}

function AddSlideForm({ change, setStatus }: { change: Change; setStatus: (status: Status) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState("");
  const [link, setLink] = useState("/");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  const fileId = useId();
  const altId = useId();
  const linkId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!file) {
      setErrors({ image_base64: "Choose a picture" });
      return;
    }
    if (file.size > MERCHANDISING_LIMITS.slideMaxBytes) {
      setErrors({ image_base64: "The picture is larger than 8 MB" });
      return;
    }
    setErrors({});
    const imageBase64 = await readBase64(file);
    change.mutate(
      { path: apiPath(ADMIN_API.adminAddCarouselSlide), method: "POST", body: { imageBase64, altText, link } },
      {
        onSuccess: () => {
          setStatus({ kind: "done", text: "Slide added" });
          setFile(null);
          setAltText("");
          setLink("/");
          setFormKey((key) => key + 1);
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          setStatus({ kind: "error", text: error.message });
        },
      },
    );
  };
  return (
    <form key={formKey} onSubmit={submit} className="grid gap-3 md:grid-cols-3" aria-label="Add a slide">
      <div>
        <FieldLabel htmlFor={fileId}>Picture (PNG, JPEG or WebP, at least 1152x300)</FieldLabel>
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="block w-full text-sm file:mr-3 file:rounded-full file:border file:border-neutral-300 file:bg-white file:px-4 file:py-2 file:font-semibold"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <FieldMessage id={`${fileId}-error`} message={errors.image_base64} />
      </div>
      <div>
        <FieldLabel htmlFor={altId}>Alt text</FieldLabel>
        <input
          id={altId}
          className={inputClass}
          value={altText}
          maxLength={MERCHANDISING_LIMITS.slideAltMaxLength}
          onChange={(event) => setAltText(event.target.value)}
        />
        <FieldMessage id={`${altId}-error`} message={errors.alt_text} />
      </div>
      <div>
        <FieldLabel htmlFor={linkId}>Link (a page of this site, e.g. /results?home-collection=anime)</FieldLabel>
        <input
          id={linkId}
          className={inputClass}
          value={link}
          maxLength={MERCHANDISING_LIMITS.slideLinkMaxLength}
          onChange={(event) => setLink(event.target.value)}
        />
        <FieldMessage id={`${linkId}-error`} message={errors.link} />
      </div>
      <div className="md:col-span-3">
        <SmallButton type="submit" tone="primary" disabled={change.isPending}>
          {change.isPending ? "Adding…" : "Add slide"}
        </SmallButton>
      </div>
    </form>
  );
}

function TimingForm({
  seconds,
  change,
  setStatus,
}: {
  seconds: number;
  change: Change;
  setStatus: (status: Status) => void;
}) {
  const [value, setValue] = useState(String(seconds));
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    change.mutate(
      { path: apiPath(ADMIN_API.adminCarouselTiming), method: "PUT", body: { slideSeconds: Number(value) } },
      {
        onSuccess: () => setStatus({ kind: "done", text: `Each slide now stays ${value} seconds` }),
        onError: (error) => setStatus({ kind: "error", text: error.message }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div>
        <FieldLabel htmlFor={id}>Seconds per slide</FieldLabel>
        <input
          id={id}
          type="number"
          min={MERCHANDISING_LIMITS.slideSecondsMin}
          max={MERCHANDISING_LIMITS.slideSecondsMax}
          className={`${inputClass} w-28`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <SmallButton type="submit" disabled={change.isPending}>
        Save timing
      </SmallButton>
    </form>
  );
}

/** The front-page carousel: slides (picture, alt text, link), their order, and how long each stays. */
export function CarouselPanel() {
  const carousel = useCarousel();
  const change = useCarouselChange();
  const [status, setStatus] = useState<Status>(null);
  if (carousel.isPending) return <Spinner label="Loading the carousel" className="mt-16" />;
  if (carousel.isError) return <p role="alert">{carousel.error.message}</p>;
  const { slides, slideSeconds } = carousel.data.data;
  return (
    <>
      <StatusLine status={status} />
      <Section title="Slides" description="Shown in this order on the home page; phones get a letterboxed version.">
        {slides.length === 0 ? (
          <p className="text-sm text-neutral-700">No slides: the home page shows no carousel.</p>
        ) : (
          <ol className="divide-y divide-neutral-200">
            {slides.map((slide, index) => (
              <SlideRow
                key={slide.id}
                slide={slide}
                index={index}
                slides={slides}
                change={change}
                setStatus={setStatus}
              />
            ))}
          </ol>
        )}
      </Section>
      <Section title="Add a slide">
        <AddSlideForm change={change} setStatus={setStatus} />
      </Section>
      <Section title="Timing">
        <TimingForm key={slideSeconds} seconds={slideSeconds} change={change} setStatus={setStatus} />
      </Section>
    </>
  );
}
