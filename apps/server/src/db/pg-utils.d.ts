/** pg's conversion of a JavaScript value into a parameter's wire text (pg/lib/utils.js, untyped by @types/pg). */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
