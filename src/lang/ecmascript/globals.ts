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
