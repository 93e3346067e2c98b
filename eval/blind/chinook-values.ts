/**
 * Chinook's values, as the data has them (checked with psql), for the blind sets that leave values out: a value left
 * out is written as the list of the values kept. Shared by eval/blind/chinook.ts, chinook-left-out.ts and
 * chinook-analyst.ts.
 */

/** The 24 customer countries. */
export const ALL_COUNTRIES = [
  'Argentina',
  'Australia',
  'Austria',
  'Belgium',
  'Brazil',
  'Canada',
  'Chile',
  'Czech Republic',
  'Denmark',
  'Finland',
  'France',
  'Germany',
  'Hungary',
  'India',
  'Ireland',
  'Italy',
  'Netherlands',
  'Norway',
  'Poland',
  'Portugal',
  'Spain',
  'Sweden',
  'United Kingdom',
  'USA',
];
/** The 25 genres of the genre table (Opera is never sold; keeping it changes nothing). */
export const ALL_GENRES = [
  'Alternative',
  'Alternative & Punk',
  'Blues',
  'Bossa Nova',
  'Classical',
  'Comedy',
  'Drama',
  'Easy Listening',
  'Electronica/Dance',
  'Heavy Metal',
  'Hip Hop/Rap',
  'Jazz',
  'Latin',
  'Metal',
  'Opera',
  'Pop',
  'R&B/Soul',
  'Reggae',
  'Rock',
  'Rock And Roll',
  'Sci Fi & Fantasy',
  'Science Fiction',
  'Soundtrack',
  'TV Shows',
  'World',
];
/** The 5 media types. */
export const ALL_MEDIA_TYPES = [
  'AAC audio file',
  'MPEG audio file',
  'Protected AAC audio file',
  'Protected MPEG-4 video file',
  'Purchased AAC audio file',
];
/** The 3 support reps (every customer has one). */
export const ALL_REPS = ['Jane Peacock', 'Margaret Park', 'Steve Johnson'];

/** Every value of `all` but the ones left out. */
export const allBut = (all: string[], ...left: string[]) => {
  for (const v of left) if (!all.includes(v)) throw new Error(`no value ${v} to leave out`);
  return all.filter((v) => !left.includes(v));
};
