/** Names Python's `builtins` module provides: uses of them are external, never repository symbols. */
export const PYTHON_BUILTINS: ReadonlySet<string> = new Set(
  (
    'abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex ' +
    'delattr dict dir divmod enumerate eval exec filter float format frozenset getattr getattr* globals hasattr hash help ' +
    'hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord ' +
    'pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type ' +
    'vars zip __import__ __import__* import_module* __name__ __file__ __doc__ __package__ __spec__ __builtins__ __debug__ NotImplemented Ellipsis ' +
    'BaseException BaseExceptionGroup Exception ExceptionGroup ArithmeticError AssertionError AttributeError ' +
    'BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ' +
    'ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError EncodingWarning ' +
    'EnvironmentError FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ' +
    'ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError ' +
    'KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplementedError ' +
    'OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError RecursionError ' +
    'ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError ' +
    'SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError ' +
    'UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ' +
    'ZeroDivisionError'
  ).split(' '),
);

/**
 * Methods of the built-in types (str, list, dict, set, file objects, futures): a call of one on a
 * receiver of unknown type is no evidence of a repository method of that name.
 */
export const PYTHON_BUILTIN_MEMBERS: ReadonlySet<string> = new Set(
  (
    'append extend insert remove pop clear index count sort reverse copy get items keys values update setdefault ' +
    'popitem fromkeys add discard union intersection difference symmetric_difference issubset issuperset ' +
    'join split rsplit splitlines strip lstrip rstrip replace startswith endswith find rfind lower upper title ' +
    'capitalize casefold format format_map encode decode isdigit isalpha isalnum isspace isidentifier zfill ' +
    'partition rpartition ljust rjust center expandtabs translate maketrans removeprefix removesuffix ' +
    'read readline readlines write writelines close flush seek tell fileno truncate ' +
    'result exception done cancel cancelled add_done_callback set_result set_exception ' +
    'group groups groupdict match search fullmatch sub subn findall finditer ' +
    'send throw __enter__ __exit__ __aenter__ __aexit__ __iter__ __next__ __len__ __getitem__ __setitem__ ' +
    '__contains__ __eq__ __hash__ __repr__ __str__ __call__'
  ).split(' '),
);
