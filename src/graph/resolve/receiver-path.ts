/** One step of a receiver path: a name, called or not (`repo`, `find()`), or its elements (`items[]`). */
export interface PathSegment {
  name: string;
  call: boolean;
  elements?: boolean;
}

const SEGMENT = /^([A-Za-z_$#][\w$]*)(\(\))?(\[\])?$/;

/**
 * A receiver as extracted (`this.repo.find().items`, see model/reference.ts), or a binding's
 * initializer (`items[]`: the elements of items), split into segments; null for an expression that
 * is no path (`?`).
 */
export function parseReceiver(receiver: string): PathSegment[] | null {
  if (receiver === '?') return null;
  const segments: PathSegment[] = [];
  for (const part of receiver.split('.')) {
    const match = SEGMENT.exec(part);
    if (!match) return null;
    segments.push({ name: match[1]!, call: match[2] !== undefined, ...(match[3] !== undefined ? { elements: true } : {}) });
  }
  return segments;
}

/** Whether a receiver calls on the way (such paths are for type inference, not name lookup). */
export function callsOnTheWay(receiver: string | undefined): boolean {
  return receiver?.includes('(') ?? false;
}
