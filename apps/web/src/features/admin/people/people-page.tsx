import { useSearchParams } from "react-router";
import { PeopleSearch } from "./people-search.tsx";
import { PersonDetail } from "./person-detail.tsx";

/** `/admin/people`: find customers and artists; `?person={id}` shows one (orders, designs, strikes, suspensions). */
export function PeoplePage() {
  const [searchParams] = useSearchParams();
  const personId = searchParams.get("person");
  return personId ? <PersonDetail id={personId} /> : <PeopleSearch />;
}
