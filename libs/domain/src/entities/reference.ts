/** docs/product.md#entities reference options, seeded by migration 0001 and listed whole (page size 1000, by id). */
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

/** docs/product.md#entities and #constants-and-limits: 'ES' unless chosen. */
export const DEFAULT_LANGUAGE = 'ES';
export const LANGUAGE_PLACEHOLDER = 'Select Language';

/** docs/product.md#states-and-transitions and #constants-and-limits: the catalogue's Y/N flag. */
export type YesNo = 'Y' | 'N';

/** The stamps every catalogue record carries (docs/product.md#entities), set by the server from the session. */
export type Stamped<P extends string> = {
  [K in `${P}_createby` | `${P}_updateby`]: string | null;
} & {
  [K in `${P}_createdt`]: string;
} & {
  [K in `${P}_updatedt`]: string | null;
};
