"""From a JAX export to linalgx: `jax.export`'s modules for
`jax.lax.linalg.lu`, `jax.scipy.linalg.lu`, `jax.scipy.linalg.lu_factor` and
`jax.lax.linalg.lu_pivots_to_permutation` (cpu or cuda platform, any dtype,
batched, shape-polymorphic) made linalgx-ready:

    exported = jax.export.export(jax.jit(jax.lax.linalg.lu))(a)
    text = linalgx.import_jax.import_exported(exported)
    module = linalgx.compile(text)                  # or linalgx-opt / -runner
    lu, pivots, permutation = module["main"](a)

JAX prints StableHLO in its custom form, which only a context with the
StableHLO dialect reads: JAX's own MLIR bindings (jaxlib) turn it into the
generic form here, and linalgx's C library runs the `linalgx-import-jax`
pipeline on that (the LU custom calls become linalgx ops; the StableHLO
around them -- the NaN guard, shape arithmetic and assertions, the CPU
permutation loop -- becomes tensor, linalg and arith). An operation the
import does not take is an error that names it, with its location.

The command `linalgx-import-jax [INPUT] [-o OUTPUT]` does the same on a
file: MLIR text as `exported.mlir_module()` returns it, or bytes as
`exported.serialize()` or `exported.mlir_module_serialized` hold.
"""

import argparse
import sys

from . import _native
from .errors import LinalgXError


def _jax_bindings():
    try:
        from jax.interpreters import mlir as jax_mlir
        from jaxlib.mlir import ir
    except ImportError as error:
        raise LinalgXError("linalgx-import-jax reads JAX's exports with JAX's own MLIR "
                           "bindings: install jax (%s)" % error) from None
    return jax_mlir, ir


def _parse(source, ir):
    """An ir.Module of `source` (text or bytes), in the current context."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
        try:  # exported.serialize(): the whole Exported
            from jax import export
            return ir.Module.parse(export.deserialize(bytearray(data)).mlir_module())
        except Exception:  # noqa: BLE001 -- else a StableHLO portable artifact
            pass
        from jaxlib.mlir.dialects import stablehlo
        try:
            return stablehlo.deserialize_portable_artifact(ir.Context.current, data)
        except Exception as error:  # noqa: BLE001 -- reported as the input's fault
            raise LinalgXError("linalgx-import-jax: the bytes are neither a serialized "
                               "jax.export.Exported nor a StableHLO portable artifact "
                               "(%s)" % error) from None
    try:
        return ir.Module.parse(source)
    except Exception as error:  # noqa: BLE001 -- jaxlib raises MLIRError
        raise LinalgXError("linalgx-import-jax: JAX's bindings cannot parse the module: %s"
                           % error) from None


def generic_form(exported, *, locations=False):
    """The generic-form MLIR text of `exported`: a jax.export.Exported, its
    `mlir_module()` text, or serialized bytes."""
    jax_mlir, ir = _jax_bindings()
    source = exported.mlir_module() if hasattr(exported, "mlir_module") else exported
    with jax_mlir.make_ir_context():
        module = _parse(source, ir)
        return module.operation.get_asm(print_generic_op_form=True,
                                        enable_debug_info=locations)


def import_exported(exported, *, source_name="<jax export>", locations=False):
    """linalgx-ready MLIR text (linalgx ops on tensors, no StableHLO) of a
    JAX export: a jax.export.Exported, its `mlir_module()` text, or
    serialized bytes. Raises linalgx.CompilationError naming any operation
    the import does not take."""
    text = generic_form(exported, locations=locations)
    return _native.library().import_jax(text, source_name, locations)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="linalgx-import-jax",
        description="Make a module exported by jax.export linalgx-ready: its LU custom "
                    "calls become linalgx ops and the StableHLO around them tensor, linalg "
                    "and arith ops. The output goes through linalgx-opt's pipelines, "
                    "linalgx-runner and linalgx.compile.")
    parser.add_argument("input", nargs="?", default="-",
                        help="exported.mlir_module() text, or exported.serialize() / "
                             "mlir_module_serialized bytes ('-': standard input)")
    parser.add_argument("-o", "--output", default="-", help="output file ('-': standard output)")
    parser.add_argument("--locations", action="store_true",
                        help="keep the export's locations (loc(...)) in the output")
    args = parser.parse_args(argv)
    name = "<stdin>" if args.input == "-" else args.input
    try:
        if args.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.input, "rb") as stream:
                data = stream.read()
    except OSError as error:
        print("linalgx-import-jax: cannot read %s: %s" % (name, error.strerror), file=sys.stderr)
        return 1
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError:
        source = data
    try:
        text = import_exported(source, source_name=name, locations=args.locations)
    except LinalgXError as error:
        print("%s: %s" % (name, error), file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as stream:
            stream.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
