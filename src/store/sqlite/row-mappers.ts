import type { BindingFact, BindingKind } from '../../model/binding.js';
import type { Edge, EdgeKind, Outcome } from '../../model/edge.js';
import type { FileRecord, FileStatus } from '../../model/file.js';
import type { RefKind } from '../../model/reference.js';
import type { StoredBinding, StoredRef, StoredSymbol } from '../../model/stored.js';
import type { SymbolKind } from '../../model/symbol.js';
import type { Row } from './engine.js';

// Rows to records. Every reader of a table selects the same columns, under the names below.

export const FILE_COLUMNS = 'path, language, status, reason, hash, size, lines, mtime_ms';
export const EDGE_COLUMNS = 'ref_id, from_id, to_id, kind, confidence, rule, line';
export const SYMBOL_COLUMNS = `s.id, f.path AS file, s.qualname, s.name, s.kind, s.parent, s.signature, s.doc, s.start_line,
  s.end_line, s.exported, s.sig_hash, s.body_hash, s.doc_hash`;
export const REF_COLUMNS = `r.id, f.path AS file, r.scope_id, r.kind, r.name, r.receiver, r.module, r.alias, r.line, r.col,
  r.dynamic, r.type_only, r.outcome, r.rule, sc.qualname AS scope`;
export const BINDING_COLUMNS = `f.path AS file, b.kind, b.name, b.type, b.new_of, b.init, b.position, b.line, sc.qualname AS scope`;

export function toFileRecord(row: Row): FileRecord {
  return {
    path: String(row['path']),
    language: String(row['language']),
    status: String(row['status']) as FileStatus,
    reason: row['reason'] === null ? null : String(row['reason']),
    hash: String(row['hash']),
    size: Number(row['size']),
    lines: Number(row['lines']),
    mtimeMs: row['mtime_ms'] === null ? null : Number(row['mtime_ms']),
  };
}

export function toSymbol(row: Row): StoredSymbol {
  return {
    id: Number(row['id']),
    file: String(row['file']),
    qualname: String(row['qualname']),
    name: String(row['name']),
    kind: String(row['kind']) as SymbolKind,
    parent: row['parent'] === null ? null : String(row['parent']),
    signature: String(row['signature']),
    doc: row['doc'] === null ? null : String(row['doc']),
    startLine: Number(row['start_line']),
    endLine: Number(row['end_line']),
    exported: row['exported'] === 1,
    sigHash: String(row['sig_hash']),
    bodyHash: String(row['body_hash']),
    docHash: String(row['doc_hash']),
  };
}

export function toRef(row: Row): StoredRef {
  const ref: StoredRef = {
    id: Number(row['id']),
    file: String(row['file']),
    scopeId: Number(row['scope_id']),
    scope: String(row['scope']),
    kind: String(row['kind']) as RefKind,
    name: String(row['name']),
    line: Number(row['line']),
    col: Number(row['col']),
    outcome: row['outcome'] === null ? null : (String(row['outcome']) as Outcome),
    rule: row['rule'] === null ? null : String(row['rule']),
  };
  if (row['receiver'] !== null) ref.receiver = String(row['receiver']);
  if (row['module'] !== null) ref.module = String(row['module']);
  else if (row['dynamic'] === 1) ref.module = null;
  if (row['alias'] !== null) ref.alias = String(row['alias']);
  if (row['type_only'] === 1) ref.typeOnly = true;
  return ref;
}

export function toBinding(row: Row): StoredBinding {
  const binding: StoredBinding = {
    file: String(row['file']),
    kind: String(row['kind']) as BindingKind,
    name: String(row['name']),
    scope: String(row['scope']),
    line: Number(row['line']),
  };
  if (row['type'] !== null) binding.type = String(row['type']);
  if (row['new_of'] !== null) binding.newOf = String(row['new_of']);
  if (row['init'] !== null) binding.init = String(row['init']);
  if (row['position'] !== null && row['position'] !== undefined) binding.position = Number(row['position']);
  return binding;
}

/** A binding of `file` as toBinding reads it back from its row. */
export function heldBinding(file: string, b: BindingFact): StoredBinding {
  const binding: StoredBinding = { file, kind: b.kind, name: b.name, scope: b.scope, line: b.line };
  if (b.type != null) binding.type = b.type;
  if (b.newOf != null) binding.newOf = b.newOf;
  if (b.init != null) binding.init = b.init;
  if (b.position != null) binding.position = b.position;
  return binding;
}

export function toEdge(row: Row): Edge {
  return {
    refId: Number(row['ref_id']),
    fromId: Number(row['from_id']),
    toId: Number(row['to_id']),
    kind: String(row['kind']) as EdgeKind,
    confidence: Number(row['confidence']),
    rule: String(row['rule']),
    line: Number(row['line']),
  };
}
