/** A person as a response names them. */
export interface PersonName {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Only the id and name of a person row: rows are selected with more (the email, for mail), and a
 * response must not carry it by accident.
 */
export function personNameOf(person: PersonName): PersonName {
  return { id: person.id, firstName: person.firstName, lastName: person.lastName };
}
