import type initSqlJs from 'sql.js';

type Statement = initSqlJs.Statement;
type SqlValue = initSqlJs.SqlValue;

/**
 * Runs a prepared statement that is kept for reuse and returns the first column of its first row
 * (an id from `RETURNING id` or a lookup), or undefined when it returns none. Leaves it reset.
 */
export function firstValue(statement: Statement, params: SqlValue[]): SqlValue | undefined {
  statement.bind(params);
  const value = statement.step() ? statement.get()[0] : undefined;
  statement.reset();
  return value;
}
