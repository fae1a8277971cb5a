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
`exported.serialize()` or `exported.mlir_module_serialized` hold. With
`--run-with a.npy ...` (or `add_runner_entry`) the output also gets an entry
point that runs @main on those arrays and prints its results exactly:

    linalgx-import-jax lu.mlir --run-with a.npy -o lu-run.mlir
    linalgx-runner --target=cuda -e linalgx_run lu-run.mlir
"""

import argparse
import re
import sys

import numpy as np

from . import _native
from .errors import LinalgXError
from .jit import parse_function_type


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


def import_exported(exported, *, source_name="<jax export>", locations=False, for_iree=False,
                    cuda_chip="sm_90", cuda_features="+ptx81"):
    """linalgx-ready MLIR text (linalgx ops on tensors, no StableHLO) of a
    JAX export: a jax.export.Exported, its `mlir_module()` text, or
    serialized bytes. Raises linalgx.CompilationError naming any operation
    the import does not take.

    `for_iree` makes a module IREE compiles (`iree-compile
    --iree-input-demote-f64-to-f32=false`: IREE demotes f64 otherwise):
    True (or "llvm-cpu") lowers the linalgx ops to scf.for loops over
    linalg.generic ops, upstream ops that IREE compiles for any target;
    "cuda" turns each op linalgx compiles into one kernel into a
    `hal.dispatch.extern` of that kernel, built for `cuda_chip` with
    `cuda_features` (for `--iree-hal-target-device=cuda`; the others are
    lowered as for True, with a linalgx.LinalgXWarning)."""
    targets = {False: None, True: "linalg", "llvm-cpu": "linalg", "cuda": "cuda"}
    if for_iree not in targets:
        raise ValueError("for_iree=%r: expected False, True, 'llvm-cpu' or 'cuda'" % (for_iree,))
    text = generic_form(exported, locations=locations)
    return _native.library().import_jax(text, source_name, locations, targets[for_iree],
                                        cuda_chip, cuda_features)


# The exact printers of liblinalgx_runner_utils.so (linalgx-runner loads it).
_PRINTERS = {"f32": "F32", "f64": "F64", "complex<f32>": "C32", "complex<f64>": "C64",
             "i32": "I32", "i64": "I64"}
_DTYPES = {"f32": np.float32, "f64": np.float64, "complex<f32>": np.complex64,
           "complex<f64>": np.complex128, "i32": np.int32, "i64": np.int64}


def _signature(text, function):
    """The ([ValueType], [ValueType]) of `function` in the imported `text`."""
    match = re.search(r"func\.func (?:public )?@%s\((.*)\{\s*$" % re.escape(function), text, re.M)
    if not match:
        raise LinalgXError("the imported module has no public function @%s" % function)
    signature = "(" + re.sub(r"\s*\{[^{}]*\}", "", match.group(1))  # no attributes
    return parse_function_type(re.sub(r"%[\w.$-]+\s*:\s*", "", signature).strip())


# Floating-point parts as hexadecimal bit patterns (exact, NaN and Inf too):
# the unsigned view of each part width, and its MLIR literal.
_HEX_PARTS = {4: ("<u4", "0x%08X"), 8: ("<u8", "0x%016X")}


def _constant(value, array, name):
    """MLIR lines defining %name, the array `array` as a tensor of `value`'s type."""
    element = value.element
    flat = np.ascontiguousarray(array, dtype=value.dtype).reshape(-1)
    if value.dtype.kind in "fc":
        part = flat.real.dtype if value.dtype.kind == "c" else flat.dtype
        view, literal = _HEX_PARTS[part.itemsize]
        bits = [literal % b for b in flat.view(part).view(view)]
        items = bits if value.dtype.kind == "f" else [
            "(%s, %s)" % pair for pair in zip(bits[0::2], bits[1::2])]
    else:
        items = [str(int(x)) for x in flat]
    shape = "x".join(str(d) for d in array.shape)
    static = "tensor<%s%s>" % (shape + "x" if shape else "", element)
    reshaped = name if static == value.text else name + "_static"
    lines = ["    %%%s_flat = arith.constant dense<[%s]> : tensor<%dx%s>"
             % (name, ", ".join(items), flat.size, element),
             "    %%%s_shape = arith.constant dense<[%s]> : tensor<%dxindex>"
             % (name, ", ".join(str(d) for d in array.shape), array.ndim),
             "    %%%s = tensor.reshape %%%s_flat(%%%s_shape) : (tensor<%dx%s>, "
             "tensor<%dxindex>) -> %s" % (reshaped, name, name, flat.size, element, array.ndim,
                                          static)]
    if reshaped != name:
        lines.append("    %%%s = tensor.cast %%%s : %s to %s" % (name, reshaped, static, value.text))
    return lines


def add_runner_entry(text, inputs, *, entry="linalgx_run", function="main"):
    """The imported module `text` with a function @`entry` that calls
    @`function` (JAX's @main) on `inputs` (arrays, embedded as constants) and
    prints every result exactly, for `linalgx-runner -e entry` (CPU or
    CUDA); `read_printed` reads that output back."""
    arguments, results = _signature(text, function)
    if len(inputs) != len(arguments):
        raise LinalgXError("@%s takes %d arguments, %d inputs given"
                           % (function, len(arguments), len(inputs)))
    body = []
    for i, (value, array) in enumerate(zip(arguments, inputs)):
        array = np.asarray(array)
        if value.kind != "tensor" or array.ndim != len(value.dims) or any(
                d is not None and d != n for d, n in zip(value.dims, array.shape)):
            raise LinalgXError("input %d of shape %s does not fit %s"
                               % (i, array.shape, value.text))
        body += _constant(value, array, "in%d" % i)
    names = ["%%out%d" % i for i in range(len(results))]
    call = "call @%s(%s) : (%s) -> (%s)" % (
        function, ", ".join("%%in%d" % i for i in range(len(inputs))),
        ", ".join(v.text for v in arguments), ", ".join(v.text for v in results))
    body.append("    %s = %s" % (", ".join(names), call) if names else "    " + call)
    declarations = set()
    for i, value in enumerate(results):
        printer = _PRINTERS.get(value.element)
        if value.kind != "tensor" or not printer:
            raise LinalgXError("result %d (%s) has no exact printer" % (i, value.text))
        unranked = "tensor<*x%s>" % value.element
        declarations.add("  func.func private @printMemrefExact%s(%s) attributes "
                         "{llvm.emit_c_interface}" % (printer, unranked))
        body.append("    %%print%d = tensor.cast %s : %s to %s" % (i, names[i], value.text, unranked))
        body.append("    call @printMemrefExact%s(%%print%d) : (%s) -> ()" % (printer, i, unranked))
    module = text.rstrip()
    if not module.endswith("}"):
        raise LinalgXError("the imported text does not end its module with '}'")
    return "%s\n%s\n  func.func @%s() {\n%s\n    return\n  }\n}\n" % (
        module[:-1].rstrip(), "\n".join(sorted(declarations)), entry, "\n".join(body))


def read_printed(output):
    """The arrays linalgx's exact printers wrote into `output` (text), in order."""
    arrays = []
    lines = output.splitlines()
    for i, line in enumerate(lines):
        header = line.split()
        if len(header) < 3 or header[0] != "linalgx.memref":
            continue
        kind, shape = header[1], [int(d) for d in header[3:3 + int(header[2])]]
        dtype = np.dtype(_DTYPES[kind])
        values = lines[i + 1].split() if int(np.prod(shape)) else []
        if dtype.kind == "i":
            flat = np.array([int(v) for v in values], dtype)
        else:
            flat = np.array([float.fromhex(v) for v in values])
            flat = (flat[0::2] + 1j * flat[1::2]) if dtype.kind == "c" else flat
        arrays.append(flat.astype(dtype).reshape(shape))
    return arrays


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
    parser.add_argument("--for-iree", nargs="?", const="llvm-cpu", choices=["llvm-cpu", "cuda"],
                        help="make a module IREE compiles: 'llvm-cpu' (the default) lowers "
                             "the linalgx ops to scf.for loops over linalg.generic (upstream "
                             "ops, any IREE target); 'cuda' makes each a hal.dispatch.extern "
                             "of linalgx's own CUDA kernel (iree-compile "
                             "--iree-hal-target-device=cuda)")
    parser.add_argument("--cuda-chip", default="sm_90",
                        help="with --for-iree=cuda: the GPU the kernels are compiled for")
    parser.add_argument("--cuda-features", default="+ptx81",
                        help="with --for-iree=cuda: PTX features (the PTX ISA version)")
    parser.add_argument("--run-with", nargs="+", metavar="NPY",
                        help="add an entry point @linalgx_run that calls @main on these "
                             "arrays (.npy files) and prints its results exactly, for "
                             "`linalgx-runner -e linalgx_run`")
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
        text = import_exported(source, source_name=name, locations=args.locations,
                               for_iree=args.for_iree or False, cuda_chip=args.cuda_chip,
                               cuda_features=args.cuda_features)
        if args.run_with:
            text = add_runner_entry(text, [np.load(path) for path in args.run_with])
    except (LinalgXError, OSError, ValueError) as error:
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
