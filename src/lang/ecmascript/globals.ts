/**
 * Names the JavaScript runtimes (ECMAScript, browsers, Node.js, test runners) provide without an
 * import. A use of one of these that no local declaration shadows is external.
 */
export const ECMASCRIPT_GLOBALS: ReadonlySet<string> = new Set([
  // ECMAScript
  'Array', 'ArrayBuffer', 'Atomics', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'DataView', 'Date',
  'Error', 'EvalError', 'FinalizationRegistry', 'Float32Array', 'Float64Array', 'Function', 'Infinity', 'Int8Array',
  'Int16Array', 'Int32Array', 'Intl', 'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'Proxy', 'RangeError',
  'ReferenceError', 'Reflect', 'RegExp', 'Set', 'SharedArrayBuffer', 'String', 'Symbol', 'SyntaxError', 'TypeError',
  'URIError', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'WeakMap', 'WeakRef', 'WeakSet',
  'AggregateError', 'globalThis', 'undefined', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent',
  'escape', 'eval', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'unescape', 'arguments',
  // TypeScript primitive types (a value of one has only built-in members)
  'string', 'number', 'boolean', 'symbol', 'bigint', 'object', 'void', 'never', 'null',
  // TypeScript utility types
  'Partial', 'Required', 'Readonly', 'Record', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'Parameters',
  'ConstructorParameters', 'ReturnType', 'InstanceType', 'ThisParameterType', 'OmitThisParameter', 'ThisType',
  'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize', 'Awaited', 'PromiseLike', 'ArrayLike', 'Iterable',
  'Iterator', 'IterableIterator', 'AsyncIterable', 'AsyncIterator', 'AsyncIterableIterator', 'Generator',
  'AsyncGenerator', 'ReadonlyArray', 'ReadonlyMap', 'ReadonlySet', 'PropertyKey', 'PropertyDescriptor',
  'TemplateStringsArray', 'NoInfer', 'Disposable', 'AsyncDisposable',
  // Web and Node.js
  'console', 'process', 'Buffer', 'global', 'require', 'module', 'exports', '__dirname', '__filename', 'setTimeout',
  'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask',
  'structuredClone', 'fetch', 'Request', 'Response', 'Headers', 'FormData', 'URL', 'URLSearchParams',
  'AbortController', 'AbortSignal', 'Blob', 'File', 'TextEncoder', 'TextDecoder', 'ReadableStream',
  'WritableStream', 'TransformStream', 'WebSocket', 'Event', 'EventTarget', 'CustomEvent', 'MessageChannel',
  'MessagePort', 'BroadcastChannel', 'performance', 'crypto', 'atob', 'btoa', 'window', 'document', 'navigator',
  'location', 'history', 'localStorage', 'sessionStorage', 'alert', 'confirm', 'prompt', 'self',
  'requestAnimationFrame', 'cancelAnimationFrame', 'HTMLElement', 'Element', 'Node', 'NodeJS',
  'MutationObserver', 'ResizeObserver', 'IntersectionObserver', 'XMLHttpRequest', 'Worker', 'Image',
  'getComputedStyle', 'KeyboardEvent', 'MouseEvent', 'PointerEvent', 'DOMException', 'JSX', 'React',
  // Test runners (jest, vitest with globals, mocha, node:test)
  'describe', 'it', 'test', 'expect', 'beforeEach', 'afterEach', 'beforeAll', 'afterAll', 'before', 'after',
  'jest', 'vi', 'suite', 'context', 'xit', 'xdescribe', 'fit', 'fdescribe', 'assert',
]);

/**
 * Member names of the runtime's built-in objects (Object, Array, Map, Set, Promise, String,
 * iterators, functions, DOM events and nodes). A call of one of these on a receiver of unknown type
 * is weak evidence of a repository method of that name: `seen.add(x)` is far more often a Set's.
 */
export const ECMASCRIPT_BUILTIN_MEMBERS: ReadonlySet<string> = new Set([
  // Object.prototype, Function.prototype
  'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'call', 'apply', 'bind',
  // Array.prototype
  'at', 'concat', 'copyWithin', 'entries', 'every', 'fill', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat',
  'flatMap', 'forEach', 'includes', 'indexOf', 'join', 'keys', 'lastIndexOf', 'map', 'pop', 'push', 'reduce', 'reduceRight',
  'reverse', 'shift', 'slice', 'some', 'sort', 'splice', 'unshift', 'values', 'toReversed', 'toSorted', 'toSpliced', 'with',
  // Map, Set, WeakMap, WeakSet
  'get', 'set', 'has', 'delete', 'clear', 'add', 'size',
  // Promise, iterators, generators
  'then', 'catch', 'finally', 'next', 'return', 'throw',
  // String.prototype
  'charAt', 'charCodeAt', 'codePointAt', 'endsWith', 'localeCompare', 'match', 'matchAll', 'normalize', 'padEnd', 'padStart',
  'repeat', 'replace', 'replaceAll', 'search', 'split', 'startsWith', 'substring', 'substr', 'toLowerCase', 'toUpperCase',
  'trim', 'trimEnd', 'trimStart', 'toFixed', 'toPrecision', 'test', 'exec',
  // Date, JSON-ish, events, DOM
  'getTime', 'toISOString', 'toJSON', 'addEventListener', 'removeEventListener', 'dispatchEvent', 'emit', 'on', 'off', 'once',
  'preventDefault', 'stopPropagation', 'appendChild', 'removeChild', 'insertBefore', 'querySelector', 'querySelectorAll',
  'getAttribute', 'setAttribute', 'removeAttribute', 'focus', 'blur', 'click', 'close', 'open', 'write', 'read', 'end',
  'subscribe', 'unsubscribe', 'resolve', 'reject', 'abort', 'send', 'log', 'warn', 'error', 'info', 'debug',
]);
