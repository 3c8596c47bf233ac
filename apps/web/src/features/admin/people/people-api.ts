import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type { PeopleReply, PersonReply } from "@threadfolk/contract/moderation";
import { ADMIN_MUTATION_META, adminFetch } from "../admin-api.ts";

export const peopleKeys = {
  search: (query: string, page: number) => ["admin", "people", "search", query, page] as const,
  person: (id: string) => ["admin", "people", "person", id] as const,
};

/** People whose e-mail, name or username contains `query` (`GET /api/v1/admin/people`). */
export function usePeopleSearch(query: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.search(query, page),
    queryFn: () => adminFetch<PeopleReply>(apiPath(ADMIN_API.adminPeople), { query: { query, page } }),
    placeholderData: keepPreviousData,
  });
}

/** One person's page (`GET /api/v1/admin/people/{id}`). */
export function usePerson(id: string) {
  return useQuery({
    queryKey: peopleKeys.person(id),
    queryFn: () => adminFetch<PersonReply>(apiPath(ADMIN_API.adminPerson, { id })),
  });
}

export type PersonAction =
  | "account_suspension"
  | "account_restoration"
  | "storefront_suspension"
  | "storefront_restoration";

const ROUTES = {
  account_suspension: ADMIN_API.adminSuspendAccount,
  account_restoration: ADMIN_API.adminRestoreAccount,
  storefront_suspension: ADMIN_API.adminSuspendStorefront,
  storefront_restoration: ADMIN_API.adminRestoreStorefront,
} as const;

/** Suspends or restores a person's account or storefront, with the operator's reason. */
export function usePersonAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: PersonAction; reason: string }) =>
      adminFetch<PersonReply>(apiPath(ROUTES[action], { id }), { method: "POST", body: { reason } }),
    meta: ADMIN_MUTATION_META,
    onSuccess: (reply) => queryClient.setQueryData(peopleKeys.person(id), reply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
