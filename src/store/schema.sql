-- ratlas index schema. Bump SCHEMA_VERSION in schema-version.ts with any change here: an artifact
-- with another version is rebuilt, never read.

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE files (
  id       INTEGER PRIMARY KEY,
  path     TEXT NOT NULL UNIQUE,      -- repo-relative, forward slashes
  language TEXT NOT NULL,
  status   TEXT NOT NULL,             -- ok | partial | failed | skipped
  reason   TEXT,                      -- why failed or skipped
  hash     TEXT NOT NULL,             -- git blob id of the content
  size     INTEGER NOT NULL,
  lines    INTEGER NOT NULL,
  mtime_ms INTEGER,                   -- working-tree stat, for cheap change detection
  deps     TEXT NOT NULL DEFAULT '[]', -- resolution dependency keys read: a JSON array of dep_keys ids
  modules  TEXT NOT NULL DEFAULT '[]'  -- where its module specifiers lead, as resolution found: JSON [specifier, kind, path or package name]
);

-- Resolution dependency keys (src/graph/resolve/tracked-view.ts), each spelled once: files read
-- many of the same keys (typeorm: 457k keys, 10.5k distinct), which spelled out per file were a
-- third of the database (17 of 49 MB) and of every artifact read, gunzip and write. Keys no file
-- reads any more are left in place (finding them means reading every file's list: 0.6 s on
-- typeorm); they are bounded by the distinct keys ever read and gone with the next full build.
CREATE TABLE dep_keys (
  id  INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE
);

-- Project files (package.json, tsconfig.json) as read from the indexed tree: resolution reads them.
CREATE TABLE project_files (
  path TEXT PRIMARY KEY,
  hash TEXT NOT NULL,               -- git blob id of the content
  text TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE symbols (
  id         INTEGER PRIMARY KEY,
  file_id    INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  qualname   TEXT NOT NULL,
  name       TEXT NOT NULL,
  kind       TEXT NOT NULL,
  parent     TEXT,
  signature  TEXT NOT NULL,
  doc        TEXT,
  start_line INTEGER NOT NULL,
  end_line   INTEGER NOT NULL,
  exported   INTEGER NOT NULL,
  sig_hash   TEXT NOT NULL,
  body_hash  TEXT NOT NULL,
  doc_hash   TEXT NOT NULL,
  terms      TEXT NOT NULL,             -- name and qualname split into words, for full-text search
  UNIQUE (file_id, qualname)
);
CREATE INDEX symbols_by_name ON symbols(name);

CREATE TABLE refs (
  id       INTEGER PRIMARY KEY,
  file_id  INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  scope_id INTEGER NOT NULL REFERENCES symbols(id) ON DELETE CASCADE,
  kind     TEXT NOT NULL,
  name     TEXT NOT NULL,
  receiver TEXT,
  module   TEXT,
  alias    TEXT,
  line     INTEGER NOT NULL,
  col      INTEGER NOT NULL,
  dynamic  INTEGER NOT NULL DEFAULT 0, -- a dynamic import whose specifier is not a literal
  type_only INTEGER NOT NULL DEFAULT 0, -- an import or re-export of types only, which loads nothing at run time
  outcome  TEXT,                       -- resolved | ambiguous | external | unresolved | local
  rule     TEXT                        -- the rule that decided the outcome
);
CREATE INDEX refs_by_file ON refs(file_id);
-- Without it, deleting one symbol makes SQLite scan every reference for ON DELETE CASCADE
-- (300 ms per symbol on a 118K-reference index); an update that removes a function needs it.
CREATE INDEX refs_by_scope ON refs(scope_id);
-- refsByName (loader calls, reflective calls, paths handed to packages) is asked for a handful of
-- names several times per impact analysis: without it each is a scan of every reference (typeorm,
-- 170K references: 90-200 ms a scan, against 3-10 ms; the index adds 0.9 MB to a 15 MB artifact).
CREATE INDEX refs_by_name ON refs(name);

CREATE TABLE bindings (
  file_id  INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  scope_id INTEGER NOT NULL REFERENCES symbols(id) ON DELETE CASCADE,
  kind     TEXT NOT NULL,
  name     TEXT NOT NULL,
  type     TEXT,
  new_of   TEXT,
  init     TEXT,                       -- initializer path (`this.repo`, `make()`), see model/binding.ts
  position INTEGER,                    -- a parameter's or an argument's position, see model/binding.ts
  line     INTEGER NOT NULL
);
CREATE INDEX bindings_by_file ON bindings(file_id);
CREATE INDEX bindings_by_scope ON bindings(scope_id);

CREATE TABLE edges (
  ref_id     INTEGER NOT NULL REFERENCES refs(id) ON DELETE CASCADE,
  from_id    INTEGER NOT NULL REFERENCES symbols(id) ON DELETE CASCADE,
  to_id      INTEGER NOT NULL REFERENCES symbols(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL,             -- calls | imports | extends | implements | references
  confidence REAL NOT NULL,
  rule       TEXT NOT NULL,
  line       INTEGER NOT NULL
);
CREATE INDEX edges_by_ref ON edges(ref_id);
CREATE INDEX edges_by_to ON edges(to_id);
CREATE INDEX edges_by_from ON edges(from_id);

-- Full-text search over symbol names, qualnames and first doc lines (sql.js has FTS4, not FTS5).
CREATE VIRTUAL TABLE symbol_text USING fts4(content="symbols", terms, doc, tokenize=unicode61);

-- Full-text search over every indexed file (src/store/file-text-table.ts): one row per file, rowid =
-- files.id, one column per field so that ranking can weigh them apart (BM25F from matchinfo).
-- Each column is a bag of stemmed words (util/terms.ts wordBag), not the raw text.
CREATE VIRTUAL TABLE file_text USING fts4(path, names, docs, code, strings, comments, tokenize=unicode61);

-- Co-change history (src/store/co-change-table.ts): the files each of the last commits of the
-- indexed commit's first-parent history changed, and its subject line, newest last (seq grows).
-- A bounded window.
CREATE TABLE co_change (
  seq     INTEGER PRIMARY KEY,
  sha     TEXT NOT NULL,
  subject TEXT NOT NULL,              -- first line of the message, at most 200 characters
  files   TEXT NOT NULL               -- JSON array of repo-relative paths
);
