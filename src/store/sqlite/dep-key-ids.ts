import type initSqlJs from 'sql.js';
import { firstValue } from './statement-values.js';

type Database = initSqlJs.Database;
type Statement = initSqlJs.Statement;

/**
 * The ids of resolution dependency keys in the `dep_keys` table, adding the keys it has not seen.
 * Lives for one write (putResolutions), so a rolled-back transaction can never leave it holding ids
 * the database forgot; within the write, each distinct key is looked up once.
 */
export class DepKeyIds {
  private readonly ids = new Map<string, number>();
  private readonly find: Statement;
  private readonly add: Statement;

  /** Whether the table held no key when the write began (a cold build): every key is then added here, none need looking up. */
  private readonly empty: boolean;

  constructor(db: Database) {
    this.find = db.prepare('SELECT id FROM dep_keys WHERE key = ?');
    this.add = db.prepare('INSERT INTO dep_keys (key) VALUES (?) RETURNING id');
    this.empty = db.exec('SELECT NOT EXISTS (SELECT 1 FROM dep_keys)')[0]?.values[0]?.[0] === 1;
  }

  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = Number((this.empty ? undefined : firstValue(this.find, [key])) ?? firstValue(this.add, [key]));
      this.ids.set(key, id);
    }
    return id;
  }

  free(): void {
    this.find.free();
    this.add.free();
  }
}
