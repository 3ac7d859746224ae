import { defineLanguage } from '../types.js';
import { pythonResolution } from './resolution.js';
import { pythonSpelling } from './spell-path.js';

/** Python (tree-sitter-python): queries in this folder, module resolution in resolution.ts. */
export const python = defineLanguage({
  id: 'python',
  extensions: ['.py', '.pyi'],
  // `#!/usr/bin/env python3`, `#!/usr/bin/python3.12`, `#!/usr/bin/env pypy3`.
  interpreters: /^(?:python|pypy)[0-9.]*$/,
  grammar: 'tree-sitter-python.wasm',
  folder: 'python',
  queries: ['definitions.scm', 'references.scm', 'bindings.scm', 'hashing.scm'],
  syntax: {
    punctuators: ['**=', '//=', '>>=', '<<=', '...', '->', ':=', '==', '!=', '<=', '>=', '**', '//', '<<', '>>', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@='],
    // `;` only separates statements on one line; a line break does as well (hashed as indentation).
    ignoredTokens: [';'],
    // No trailing comma is formatting: `(x,)` is a tuple and `(x)` is not.
    trailingSeparators: [],
    closers: [')', ']', '}'],
    equivalentTokens: { "'": '"' },
    significantIndentation: true,
    receiverWords: ['self', 'cls'],
    // Exceptions and typing's markers call no method of a subclass by name (dunders are implicitMembers).
    inertBases: /^(?:object|BaseException|Exception|[A-Z]\w*(?:Error|Exception|Warning)|Generic|Protocol|ABC|NamedTuple|TypedDict)$/,
    // `class Runner(Protocol)`: a call typed by it may run any class's method of the name.
    structuralBases: /^Protocol$/,
    indexAssignsData: true,
    attributeReadsRecorded: false,
    docsAreValues: true,
    // Dunder methods other than the constructors (`x.attr`, `with x:`, `for i in x`, `x == y`, `str(x)`).
    implicitMembers: /^__(?!init__$|new__$)\w+__$/,
    classCreationHooks: /^__init_subclass__$/,
    transparentDecorators:
      /^(?:(?:builtins|abc|functools|typing|typing_extensions|contextlib|t|te)\.)?(?:property|cached_property|staticmethod|classmethod|abstractmethod|overload|override|final|wraps\(.*\)|lru_cache(?:\(.*\))?|cache|total_ordering|contextmanager|asynccontextmanager|deprecated\(.*\)|[A-Za-z_]\w*\.(?:setter|getter|deleter))$/,
    // pytest calls fixtures where a parameter names them (fixture references) and runs marked tests itself.
    modeledDecorators: /^(?:pytest\.|pytest_asyncio\.)?(?:fixture|mark\.\w+)(?:\(.*\))?$/,
    directiveComment: /^#\s*(?:type:|noqa\b|pragma\b|pylint:|mypy:|fmt:|isort:|pyright:|ruff:)/,
    // The source encoding declaration (PEP 263: line 1 or 2) decides how the file decodes; the
    // `#!` line how it runs as a script.
    compilingComments: { pattern: /^#!|^#.*?coding[:=][ \t]*[-\w.]+/, firstLines: 2 },
    spelling: pythonSpelling,
  },
  resolution: pythonResolution,
});
