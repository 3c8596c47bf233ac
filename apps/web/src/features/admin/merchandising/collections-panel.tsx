import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type { CuratedCollectionReply } from "@threadfolk/contract/merchandising";
import { type FormEvent, useId, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useCollectionChange, useCollections, useDesignSearch } from "./merchandising-api.ts";
import { FieldLabel, inputClass, MoveButtons, moved, Section, SmallButton, StatusLine } from "./merchandising-ui.tsx";

type Status = { kind: "done" | "error"; text: string } | null;

function CollectionEditor({ collection }: { collection: CuratedCollectionReply }) {
  const change = useCollectionChange();
  const [status, setStatus] = useState<Status>(null);
  const [name, setName] = useState(collection.displayName);
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), 250);
  const found = useDesignSearch(query);
  const nameId = useId();
  const searchId = useId();

  const run = (request: { path: string; method: string; body?: unknown }, done: string) => {
    setStatus(null);
    change.mutate(request, {
      onSuccess: () => setStatus({ kind: "done", text: done }),
      onError: (error) => setStatus({ kind: "error", text: error.message }),
    });
  };
  const id = collection.id;
  const designIds = collection.designs.map((design) => design.id);

  const rename = (event: FormEvent) => {
    event.preventDefault();
    run(
      { path: apiPath(ADMIN_API.adminRenameCollection, { id }), method: "PATCH", body: { displayName: name } },
      `Renamed to ${name.trim()}`,
    );
  };

  return (
    <Section
      title={collection.displayName}
      description={`Home section "${collection.key}": its first 8 designs show on the home page.`}
    >
      <form onSubmit={rename} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <FieldLabel htmlFor={nameId}>Name</FieldLabel>
          <input
            id={nameId}
            className={inputClass}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <SmallButton type="submit" disabled={change.isPending || name.trim() === collection.displayName}>
          Rename
        </SmallButton>
      </form>

      <h3 className="mt-5 text-sm font-bold">Designs, in order ({collection.designs.length})</h3>
      {collection.designs.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-700">No designs yet: add some below.</p>
      ) : (
        <ol className="mt-2 divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {collection.designs.map((design, index) => (
            <li key={design.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <span className="w-6 text-sm text-neutral-600">{index + 1}.</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{design.displayName}</span>
                <span className="block truncate text-sm text-neutral-700">
                  by {design.artistName}
                  {!design.listed && <span className="ml-2 font-semibold text-red-700">Hidden from shoppers</span>}
                </span>
              </span>
              <MoveButtons
                name={design.displayName}
                index={index}
                count={collection.designs.length}
                disabled={change.isPending}
                onMove={(from, to) =>
                  run(
                    {
                      path: apiPath(ADMIN_API.adminReorderCollectionDesigns, { id }),
                      method: "PUT",
                      body: { designIds: moved(designIds, from, to) },
                    },
                    `Moved ${design.displayName} to position ${to + 1}`,
                  )
                }
              />
              <SmallButton
                tone="danger"
                aria-label={`Remove ${design.displayName}`}
                disabled={change.isPending}
                onClick={() =>
                  run(
                    {
                      path: apiPath(ADMIN_API.adminRemoveCollectionDesign, { id, design_id: design.id }),
                      method: "DELETE",
                    },
                    `Removed ${design.displayName}`,
                  )
                }
              >
                Remove
              </SmallButton>
            </li>
          ))}
        </ol>
      )}

      <div className="mt-4">
        <FieldLabel htmlFor={searchId}>Add a design (search by title or artist)</FieldLabel>
        <input
          id={searchId}
          type="search"
          className={inputClass}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
        {query && found.data && (
          <ul
            className="mt-2 divide-y divide-neutral-200 rounded-xl border border-neutral-200"
            aria-label="Designs found"
          >
            {found.data.data.length === 0 && (
              <li className="px-3 py-2 text-sm text-neutral-700">No listed design matches.</li>
            )}
            {found.data.data.map((design) => (
              <li key={design.id} className="flex items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1 truncate">
                  {design.displayName} <span className="text-sm text-neutral-700">by {design.artistName}</span>
                </span>
                <SmallButton
                  aria-label={`Add ${design.displayName}`}
                  disabled={change.isPending || designIds.includes(design.id)}
                  onClick={() =>
                    run(
                      {
                        path: apiPath(ADMIN_API.adminAddCollectionDesign, { id }),
                        method: "POST",
                        body: { designId: design.id },
                      },
                      `Added ${design.displayName}`,
                    )
                  }
                >
                  {designIds.includes(design.id) ? "Added" : "Add"}
                </SmallButton>
              </li>
            ))}
          </ul>
        )}
      </div>
      <StatusLine status={status} />
    </Section>
  );
}

/** The curated home collections: names, and which designs in which order. */
export function CollectionsPanel() {
  const collections = useCollections();
  if (collections.isPending) return <Spinner label="Loading the collections" className="mt-16" />;
  if (collections.isError) return <p role="alert">{collections.error.message}</p>;
  return (
    <>
      {collections.data.data.map((collection) => (
        <CollectionEditor key={collection.id} collection={collection} />
      ))}
    </>
  );
}
