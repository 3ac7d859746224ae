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

  constructor(db: Database) {
    this.find = db.prepare('SELECT id FROM dep_keys WHERE key = ?');
    this.add = db.prepare('INSERT INTO dep_keys (key) VALUES (?) RETURNING id');
  }

  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = Number(firstValue(this.find, [key]) ?? firstValue(this.add, [key]));
      this.ids.set(key, id);
    }
    return id;
  }

  free(): void {
    this.find.free();
    this.add.free();
  }
}
