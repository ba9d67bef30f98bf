/**
 * How a repository writes many rows (an import, a hall layout): 500 to a statement. A statement per
 * row costs PostgreSQL a round trip each, and on a table with a revision counter a counter update
 * each. 500 rows stay under SQLite's 32,766 parameters up to 65 columns (PostgreSQL: 65,535).
 */
const ROWS_PER_STATEMENT = 500;

/** `rows` in consecutive slices, in order: one statement each. */
export function* bulkStatements<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    yield rows.slice(start, start + ROWS_PER_STATEMENT);
  }
}
