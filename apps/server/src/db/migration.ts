/** A migration is plain SQL, one statement per item: the same text runs on PGlite and PostgreSQL. */
export interface Migration {
  up: string[];
}
