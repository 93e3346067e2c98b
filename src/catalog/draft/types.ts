/** The draft's options, its result and its error (src/catalog/draft/). */

export class DraftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftError';
  }
}

export interface DraftOptions {
  schema?: string;
  /** ISO currency code written as the `unit` of money metrics (USD, CNY); without it the draft asks. */
  currency?: string;
  /** Also propose e-mail and phone columns (never password, hash, token, secret, key, card or SSN columns). */
  allowContactColumns?: boolean;
}

export interface Draft {
  text: string;
  /** What a person must know about the draft (tables without keys, views, left-out columns), one line each. */
  notes: string[];
}

/** A drafted entry, and the comment written above it where a person must decide. */
export interface Noted<T> {
  value: T;
  comment?: string;
  /** Comments above items of the entry's checks list, by index (a check proposed from the data says what it found). */
  itemComments?: Record<number, string>;
}
