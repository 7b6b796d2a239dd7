// node-postgres's conversion of a JavaScript value to a statement parameter (text, or a Buffer for bytea).
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}

// node-postgres's result of one statement: parses rows by the types of their RowDescription.
declare module 'pg/lib/result.js' {
  export default class Result {
    constructor(rowMode: 'array' | undefined, types: unknown);
    command: string | null;
    rowCount: number | null;
    rows: unknown[];
    addFields(fields: unknown[]): void;
    parseRow(fields: unknown[]): unknown;
    addCommandComplete(message: unknown): void;
  }
}
