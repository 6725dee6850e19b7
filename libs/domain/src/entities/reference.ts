/** spec 3 reference options, seeded by migration 0001 and listed whole (page size 1000, by id). */
export interface Channel {
  channel_id: number;
  channel_desc: string;
}

export interface ParticipationType {
  participation_type_id: number;
  participation_type_desc: string;
}

export interface Language {
  language_id: string;
  language_desc: string;
}

/** spec 3 and 9: 'ES' unless chosen. */
export const DEFAULT_LANGUAGE = 'ES';
export const LANGUAGE_PLACEHOLDER = 'Select Language';

/** spec 4 and 9: the catalogue's Y/N flag. */
export type YesNo = 'Y' | 'N';

/** The stamps every catalogue record carries (spec 3), set by the server from the session. */
export type Stamped<P extends string> = {
  [K in `${P}_createby` | `${P}_updateby`]: string | null;
} & {
  [K in `${P}_createdt`]: string;
} & {
  [K in `${P}_updatedt`]: string | null;
};
