"""The exceptions linalgx raises besides TypeError and ValueError, and its warnings."""


class LinalgXError(RuntimeError):
    """linalgx could not do what was asked (library not found, compilation failed...)."""


class CompilationError(LinalgXError):
    """The MLIR text did not parse or verify, the pipeline failed, or the JIT failed.

    The message holds MLIR's diagnostics with their locations.
    """


class EntryPointError(LinalgXError, LookupError):
    """The compiled module has no callable function of that name."""


class LinalgXWarning(UserWarning):
    """linalgx did what was asked, not in the best way it knows (the message says why)."""
