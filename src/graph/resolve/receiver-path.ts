/**
 * One step of a receiver path: a name, called or not (`repo`, `find()`), or its elements
 * (`items[]`), or the class a path starting with `new` constructs (`Format` of `new Intl.Format()`).
 */
export interface PathSegment {
  name: string;
  call: boolean;
  /** The number of arguments of the call, when the adapter spelled it (`find(2)`). */
  arity?: number;
  /** The call writes type arguments (`string<>(0)`): overloads without type parameters do not apply. */
  typeArguments?: boolean;
  /** The call's first argument, a bare name, where the adapter spelled it (`partial(@Signer)`: ResolutionTraits.forwardingCalls). */
  forwards?: string;
  elements?: boolean;
  construct?: boolean;
}

const SEGMENT = /^([A-Za-z_$#][\w$]*)(?:(<>)?\((\d*|@[A-Za-z_$][\w$]*)\))?(\[\])?$/;
const CALL_SUFFIX = /(<>)?\((?:\d*|@[A-Za-z_$][\w$]*)\)$/;

/**
 * A receiver as extracted (`this.repo.find().items`, see model/reference.ts), or a binding's
 * initializer (`items[]`: the elements of items), split into segments; null for an expression that
 * is no path (`?`).
 */
export function parseReceiver(receiver: string): PathSegment[] | null {
  if (receiver === '?') return null;
  const constructs = receiver.startsWith(NEW);
  const segments: PathSegment[] = [];
  for (const part of (constructs ? receiver.slice(NEW.length) : receiver).split('.')) {
    const match = SEGMENT.exec(part);
    if (!match) return null;
    const call = match[3] !== undefined;
    const forwards = match[3]?.startsWith('@') ? match[3].slice(1) : undefined;
    segments.push({
      name: match[1]!,
      call,
      ...(call && match[3] !== '' && forwards === undefined && { arity: Number(match[3]) }),
      ...(forwards !== undefined && { forwards }),
      ...(match[2] !== undefined && { typeArguments: true }),
      ...(match[4] !== undefined && { elements: true }),
    });
  }
  if (constructs) {
    // `new a.b().c`: the first called name is the class constructed, not a call.
    const at = segments.findIndex((s) => s.call);
    if (at === -1 || segments[at]!.elements) return null;
    segments[at] = { name: segments[at]!.name, call: false, construct: true };
  }
  return segments;
}

const NEW = 'new ';

/** The first name of a receiver path, without its call (`foo` of `foo(1).bar`). */
export function rootOfPath(receiver: string): string {
  return receiver.split('.')[0]!.replace(CALL_SUFFIX, '');
}

/** Whether a receiver calls on the way (such paths are for type inference, not name lookup). */
export function callsOnTheWay(receiver: string | undefined): boolean {
  return receiver?.includes('(') ?? false;
}

/**
 * Whether a path calls, on its way, an outside function whose result may be a repository value
 * (ResolutionTraits.handBack: `importlib.import_module(1).run`): `outside` is the dotted name its
 * first segment stands for (`importlib`, `importlib.import_module`, a builtin's bare name), each
 * later segment is a name under it.
 */
export function callsHandBack(handBack: ReadonlySet<string>, outside: string, segments: readonly Pick<PathSegment, 'name' | 'call'>[]): boolean {
  let path = outside;
  for (const [i, segment] of segments.entries()) {
    if (i > 0) path = `${path}.${segment.name}`;
    if (segment.call && handBack.has(path)) return true;
  }
  return false;
}
