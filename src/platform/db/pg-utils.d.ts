// node-postgres's conversion of a JavaScript value to a statement parameter (text, or a Buffer for bytea).
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
