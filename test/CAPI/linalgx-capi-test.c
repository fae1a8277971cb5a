/*===- linalgx-capi-test.c - the linalgx C API from a C program -----------===*\
|*                                                                            *|
|* Compiled as C (C99) and linked against LinalgXCAPI: registers linalgx      *|
|* through its dialect handle and through linalgxRegisterAllDialects, parses  *|
|* and verifies a tensor program with linalgx.lu and                          *|
|* linalgx.pivots_to_permutation, lowers it with linalgx-cpu-pipeline, and    *|
|* checks that invalid IR, pipelines and options come back as diagnostics     *|
|* and failures, not crashes; JIT-compiles an LU with linalgxJitModuleCreate  *|
|* and calls it through its C interface with memref descriptors. Exits       *|
|* non-zero on anything unexpected.                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: %linalgx_tools_dir/linalgx-capi-test 2>&1 | FileCheck %s

#include "linalgx-c/Conversion.h"
#include "linalgx-c/Dialect/LinalgX.h"
#include "linalgx-c/ExecutionEngine.h"
#include "linalgx-c/Pipelines.h"
#include "linalgx-c/RegisterEverything.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stdout, "UNEXPECTED: %s (line %d)\n", #cond, __LINE__);          \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static bool stringRefEquals(MlirStringRef str, const char *expected) {
  return str.length == strlen(expected) &&
         strncmp(str.data, expected, str.length) == 0;
}

/// Prints every diagnostic as "diagnostic: <severity>: <location>: <message>"
/// on stdout and counts the errors in `*(int *)userData`.
static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  static const char *const severities[] = {"error", "warning", "note",
                                           "remark"};
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diagnostic);
  fprintf(stdout, "diagnostic: %s: ", severities[severity]);
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printToStdout, NULL);
  fprintf(stdout, ": ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  fprintf(stdout, "\n");
  if (severity == MlirDiagnosticError)
    ++*(int *)userData;
  return mlirLogicalResultSuccess();
}

/// A context with everything linalgx registers, and diagnostics counted in
/// `*errors`.
static MlirContext createLinalgXContext(int *errors) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  linalgxRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry,
                                                  /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, errors, NULL);
  return ctx;
}

//===----------------------------------------------------------------------===//
// The dialect handle.
//===----------------------------------------------------------------------===//

static void testDialectHandle(void) {
  fprintf(stdout, "@dialect_handle\n");
  MlirDialectHandle handle = mlirGetDialectHandle__linalgx__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  fprintf(stdout, "namespace: %.*s\n", (int)ns.length, ns.data);
  EXPECT(stringRefEquals(ns, "linalgx"));

  // Register into a context, then load.
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(handle, ctx);
  EXPECT(mlirDialectIsNull(
      mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("foo"))));
  MlirDialect dialect = mlirDialectHandleLoadDialect(handle, ctx);
  EXPECT(!mlirDialectIsNull(dialect));
  MlirStringRef loaded = mlirDialectGetNamespace(dialect);
  fprintf(stdout, "loaded: %.*s\n", (int)loaded.length, loaded.data);
  fprintf(stdout, "linalgx.lu registered: %d\n",
          mlirContextIsRegisteredOperation(
              ctx, mlirStringRefCreateFromCString("linalgx.lu")));
  fprintf(stdout, "linalgx.pivots_to_permutation registered: %d\n",
          mlirContextIsRegisteredOperation(
              ctx,
              mlirStringRefCreateFromCString("linalgx.pivots_to_permutation")));
  mlirContextDestroy(ctx);

  // Insert into a registry, then create a context from it.
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirDialectHandleInsertDialect(handle, registry);
  ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  EXPECT(!mlirDialectIsNull(mlirContextGetOrLoadDialect(
      ctx, mlirStringRefCreateFromCString("linalgx"))));
  fprintf(stdout, "via registry: %d\n",
          mlirContextIsRegisteredOperation(
              ctx, mlirStringRefCreateFromCString("linalgx.lu")));
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @dialect_handle
// CHECK:       namespace: linalgx
// CHECK:       loaded: linalgx
// CHECK:       linalgx.lu registered: 1
// CHECK:       linalgx.pivots_to_permutation registered: 1
// CHECK:       via registry: 1

//===----------------------------------------------------------------------===//
// Parsing, verifying and lowering with linalgx-cpu-pipeline.
//===----------------------------------------------------------------------===//

static const char *const kLuModule =
    "func.func @lu_perm(%a: tensor<2x4x4xf64>)\n"
    "    -> (tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>) {\n"
    "  %l = tensor.empty() : tensor<2x4x4xf64>\n"
    "  %p = tensor.empty() : tensor<2x4xi32>\n"
    "  %i = tensor.empty() : tensor<2xi32>\n"
    "  %q = tensor.empty() : tensor<2x4xi32>\n"
    "  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x4xf64>)\n"
    "      outs(%l, %p, %i : tensor<2x4x4xf64>, tensor<2x4xi32>, "
    "tensor<2xi32>)\n"
    "      -> tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>\n"
    "  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x4xi32>)\n"
    "      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>\n"
    "  return %lu, %perm, %info\n"
    "      : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>\n"
    "}\n";

static MlirWalkResult printLinalgXOp(MlirOperation op, void *userData) {
  int *count = (int *)userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 8 && strncmp(name.data, "linalgx.", 8) == 0) {
    fprintf(stdout, "op: %.*s (lu: %d, pivots_to_permutation: %d)\n",
            (int)name.length, name.data, linalgxOperationIsALuOp(op),
            linalgxOperationIsAPivotsToPermutationOp(op));
    ++*count;
  }
  return MlirWalkResultAdvance;
}

static int countLinalgXOps(MlirOperation op) {
  int count = 0;
  mlirOperationWalk(op, printLinalgXOp, &count, MlirWalkPreOrder);
  return count;
}

static void testParseVerifyLower(void) {
  fprintf(stdout, "@parse_verify_lower\n");
  int errors = 0;
  MlirContext ctx = createLinalgXContext(&errors);

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kLuModule));
  EXPECT(!mlirModuleIsNull(module));
  if (mlirModuleIsNull(module)) {
    mlirContextDestroy(ctx);
    return;
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  bool verified = mlirOperationVerify(moduleOp);
  fprintf(stdout, "verified: %d\n", verified);
  EXPECT(verified);
  EXPECT(countLinalgXOps(moduleOp) == 2);

  MlirLogicalResult result = linalgxRunPipeline(
      moduleOp, mlirStringRefCreateFromCString("linalgx-cpu-pipeline"));
  fprintf(stdout, "linalgx-cpu-pipeline: %s\n",
          mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  EXPECT(mlirLogicalResultIsSuccess(result));
  EXPECT(countLinalgXOps(moduleOp) == 0);
  EXPECT(mlirOperationVerify(moduleOp));
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  fprintf(stdout, "\n");
  EXPECT(errors == 0);

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @parse_verify_lower
// CHECK:       verified: 1
// CHECK-NEXT:  op: linalgx.lu (lu: 1, pivots_to_permutation: 0)
// CHECK-NEXT:  op: linalgx.pivots_to_permutation (lu: 0, pivots_to_permutation: 1)
// CHECK-NEXT:  linalgx-cpu-pipeline: success
// CHECK-NOT:   diagnostic:
// CHECK:       module
// CHECK:         llvm.func @lu_perm(
// CHECK-NOT:     linalgx.
// CHECK-NOT:     tensor.
// CHECK-NOT:     func.func
// CHECK:         llvm.return
// CHECK-NOT:   linalgx.

//===----------------------------------------------------------------------===//
// Pass managers from C: the generated pass constructors, the anchored
// pipeline form and linalgxBuildCPUPipeline.
//===----------------------------------------------------------------------===//

static void testPassManagers(void) {
  fprintf(stdout, "@pass_managers\n");
  int errors = 0;
  MlirContext ctx = createLinalgXContext(&errors);
  linalgxRegisterAllPasses();
  linalgxRegisterAllPasses(); // Idempotent.

  // one-shot-bufferize, then the generated constructor of
  // convert-linalgx-to-loops: scf loops on memrefs.
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kLuModule));
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  EXPECT(mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(
      opm,
      mlirStringRefCreateFromCString(
          "one-shot-bufferize{bufferize-function-boundaries "
          "function-boundary-type-conversion=identity-layout-map}"),
      printToStdout, NULL)));
  mlirPassManagerAddOwnedPass(
      pm, mlirCreateLinalgXConversionConvertLinalgXToLoops());
  fprintf(stdout, "pipeline: ");
  mlirPrintPassPipeline(opm, printToStdout, NULL);
  fprintf(stdout, "\n");
  EXPECT(mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, moduleOp)));
  EXPECT(countLinalgXOps(moduleOp) == 0);
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  fprintf(stdout, "\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  // The anchored form through linalgxRunPipeline.
  module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kLuModule));
  moduleOp = mlirModuleGetOperation(module);
  MlirLogicalResult result = linalgxRunPipeline(
      moduleOp,
      mlirStringRefCreateFromCString(
          "builtin.module(linalgx-cpu-pipeline{deallocate-buffers=false})"));
  fprintf(stdout, "anchored: %s\n",
          mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  EXPECT(mlirLogicalResultIsSuccess(result));
  mlirModuleDestroy(module);

  // linalgxBuildCPUPipeline with options.
  module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kLuModule));
  moduleOp = mlirModuleGetOperation(module);
  pm = mlirPassManagerCreate(ctx);
  opm = mlirPassManagerGetAsOpPassManager(pm);
  EXPECT(mlirLogicalResultIsSuccess(linalgxBuildCPUPipeline(
      opm, mlirStringRefCreateFromCString("deallocate-buffers=false"),
      printToStdout, NULL)));
  result = mlirPassManagerRunOnOp(pm, moduleOp);
  fprintf(stdout, "linalgxBuildCPUPipeline: %s\n",
          mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  EXPECT(mlirLogicalResultIsSuccess(result));
  EXPECT(countLinalgXOps(moduleOp) == 0);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  // linalgxBuildGPUPipeline only builds here (running it needs the NVPTX
  // backend): its pass list is printed.
  pm = mlirPassManagerCreate(ctx);
  opm = mlirPassManagerGetAsOpPassManager(pm);
  EXPECT(mlirLogicalResultIsSuccess(linalgxBuildGPUPipeline(
      opm, mlirStringRefCreateFromCString("chip=sm_80 host-buffers=false"),
      printToStdout, NULL)));
  fprintf(stdout, "gpu pipeline: ");
  mlirPrintPassPipeline(opm, printToStdout, NULL);
  fprintf(stdout, "\n");
  mlirPassManagerDestroy(pm);

  EXPECT(errors == 0);
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @pass_managers
// CHECK:       pipeline: {{any|builtin.module}}(one-shot-bufferize{{.*}}bufferize-function-boundaries=true{{.*}},convert-linalgx-to-loops)
// CHECK:       func.func @lu_perm(%{{.*}}: memref<2x4x4xf64>
// CHECK:         scf.for
// CHECK-NOT:     linalgx.
// CHECK:       anchored: success
// CHECK:       linalgxBuildCPUPipeline: success
// CHECK:       gpu pipeline: {{any|builtin.module}}({{.*}}convert-linalgx-to-gpu{{.*}}host-buffers=false{{.*}}nvvm-attach-target{{.*}}chip=sm_80
// CHECK-NOT:   diagnostic:
// CHECK-NOT:   UNEXPECTED

//===----------------------------------------------------------------------===//
// Invalid IR, pipelines and options: diagnostics and failures, no crash.
//===----------------------------------------------------------------------===//

static void testErrors(void) {
  fprintf(stdout, "@errors\n");
  int errors = 0;
  MlirContext ctx = createLinalgXContext(&errors);

  // A linalgx.lu that the verifier rejects: the parser reports it and
  // returns a null module.
  fprintf(stdout, "-- verifier\n");
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @bad(%a: tensor<4xf64>, %p: tensor<4xi32>, "
               "%i: tensor<i32>) {\n"
               "  %0:3 = linalgx.lu ins(%a : tensor<4xf64>) outs(%a, %p, %i "
               ": tensor<4xf64>, tensor<4xi32>, tensor<i32>) -> "
               "tensor<4xf64>, tensor<4xi32>, tensor<i32>\n"
               "  return\n"
               "}\n"));
  fprintf(stdout, "null module: %d, errors: %d\n", mlirModuleIsNull(module),
          errors);
  EXPECT(mlirModuleIsNull(module) && errors == 1);

  // Syntax errors likewise.
  fprintf(stdout, "-- syntax\n");
  errors = 0;
  module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(
                                     "func.func @bad(%a: tensor<4x4xf64>) {\n"
                                     "  linalgx.lu ins(%a tensor<4x4xf64>)\n"
                                     "}\n"));
  fprintf(stdout, "null module: %d, errors: %d\n", mlirModuleIsNull(module),
          errors);
  EXPECT(mlirModuleIsNull(module) && errors == 1);

  // A pipeline that does not parse: a failure and one error on the module.
  fprintf(stdout, "-- unknown pass\n");
  errors = 0;
  module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kLuModule));
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirLogicalResult result = linalgxRunPipeline(
      moduleOp, mlirStringRefCreateFromCString("linalgx-no-such-pipeline"));
  fprintf(stdout, "failed: %d, errors: %d\n",
          mlirLogicalResultIsFailure(result), errors);
  EXPECT(mlirLogicalResultIsFailure(result) && errors == 1);

  // Bad pipeline options: likewise (MLIR's option parser also prints the
  // detail to stderr).
  fprintf(stdout, "-- bad option\n");
  errors = 0;
  result = linalgxRunPipeline(
      moduleOp,
      mlirStringRefCreateFromCString("linalgx-cpu-pipeline{no-such-option=1}"));
  fprintf(stdout, "failed: %d, errors: %d\n",
          mlirLogicalResultIsFailure(result), errors);
  EXPECT(mlirLogicalResultIsFailure(result) && errors == 1);

  // A pass that fails: convert-linalgx-to-loops on tensors.
  fprintf(stdout, "-- failing pass\n");
  errors = 0;
  result = linalgxRunPipeline(
      moduleOp, mlirStringRefCreateFromCString("convert-linalgx-to-loops"));
  fprintf(stdout, "failed: %d, errors: %d\n",
          mlirLogicalResultIsFailure(result), errors);
  EXPECT(mlirLogicalResultIsFailure(result) && errors >= 1);
  // The module is still there and still valid.
  EXPECT(mlirOperationVerify(moduleOp));
  mlirModuleDestroy(module);

  // Bad options of the pipeline builders go to the callback.
  fprintf(stdout, "-- builder options\n");
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  result = linalgxBuildGPUPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString("host-buffers=maybe"), printToStdout,
      NULL);
  fprintf(stdout, "\nfailed: %d\n", mlirLogicalResultIsFailure(result));
  EXPECT(mlirLogicalResultIsFailure(result));
  // A NULL callback is allowed.
  result = linalgxBuildCPUPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                   mlirStringRefCreateFromCString("chip=sm_90"),
                                   NULL, NULL);
  fprintf(stdout, "failed: %d\n", mlirLogicalResultIsFailure(result));
  EXPECT(mlirLogicalResultIsFailure(result));
  mlirPassManagerDestroy(pm);

  // A null operation is a failure, not a crash.
  result = linalgxRunPipeline(
      (MlirOperation){NULL},
      mlirStringRefCreateFromCString("linalgx-cpu-pipeline"));
  fprintf(stdout, "null op failed: %d\n", mlirLogicalResultIsFailure(result));
  EXPECT(mlirLogicalResultIsFailure(result));

  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @errors
// CHECK:       -- verifier
// CHECK-NEXT:  diagnostic: error: loc("-":2:{{[0-9]+}}): 'linalgx.lu' op 'input' must have rank >= 2 (shape [B..., M, N]), but got 'tensor<4xf64>'
// CHECK-NEXT:  null module: 1, errors: 1
// CHECK:       -- syntax
// CHECK-NEXT:  diagnostic: error: loc("-":2:{{[0-9]+}}): expected ':'
// CHECK-NEXT:  null module: 1, errors: 1
// CHECK:       -- unknown pass
// CHECK-NEXT:  diagnostic: error: loc("-":0:0): linalgx: cannot parse pass pipeline 'linalgx-no-such-pipeline': {{.*}}'linalgx-no-such-pipeline' does not refer to a registered pass or pass pipeline
// CHECK:       failed: 1, errors: 1
// CHECK:       -- bad option
// CHECK:       no such option no-such-option
// CHECK-NEXT:  diagnostic: error: loc("-":0:0): linalgx: cannot parse pass pipeline 'linalgx-cpu-pipeline{no-such-option=1}': failed to add `linalgx-cpu-pipeline` with options `no-such-option=1`
// CHECK-NEXT:  failed: 1, errors: 1
// CHECK:       -- failing pass
// CHECK:       diagnostic: error: loc("-":7:{{[0-9]+}}): 'linalgx.lu' op must be on memrefs to be lowered to loops; run 'one-shot-bufferize' first (linalgx-cpu-pipeline does)
// CHECK:       failed: 1, errors: {{[1-9]}}
// CHECK:       -- builder options
// CHECK-NEXT:  for the --host-buffers option: 'maybe' is invalid value for boolean argument!
// CHECK-NEXT:  linalgx: invalid options for linalgx-gpu-pipeline 'host-buffers=maybe'
// CHECK-NEXT:  failed: 1
// CHECK-NEXT:  failed: 1
// CHECK-NEXT:  null op failed: 1

/* The descriptors of memref<3x3xf64>, memref<3xi32> and memref<i32>, as the
 * C interface (_mlir_ciface_) of a function takes them. */
typedef struct {
  double *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2DF64;
typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1DI32;
typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset;
} MemRef0DI32;

static const char *const kJitModule =
    "func.func @lu(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>,\n"
    "              %perm: memref<3xi32>) {\n"
    "  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : "
    "memref<3x3xf64>,\n"
    "      memref<3xi32>, memref<i32>) permutation(%perm : memref<3xi32>)\n"
    "  return\n"
    "}\n"
    "func.func private @not_an_entry_point() {\n"
    "  return\n"
    "}\n";

typedef void (*LuFn)(MemRef2DF64 *, MemRef1DI32 *, MemRef0DI32 *,
                     MemRef1DI32 *);

/* Calls kJitModule's @lu on a tie-free 3x3 (pivots [2, 2, 2], as LAPACK's
   dgetrf) and prints what it returned, after `label`. */
static void runJitLu(LuFn function, const char *label) {
  double a[9] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
  int32_t pivots[3] = {-1, -1, -1}, permutation[3] = {-1, -1, -1}, info = -1;
  MemRef2DF64 aRef = {a, a, 0, {3, 3}, {3, 1}};
  MemRef1DI32 pRef = {pivots, pivots, 0, {3}, {1}};
  MemRef0DI32 iRef = {&info, &info, 0};
  MemRef1DI32 permRef = {permutation, permutation, 0, {3}, {1}};
  function(&aRef, &pRef, &iRef, &permRef);
  fprintf(stdout, "%spivots: %d %d %d, permutation: %d %d %d, info: %d\n",
          label, pivots[0], pivots[1], pivots[2], permutation[0],
          permutation[1], permutation[2], info);
  fprintf(stdout, "%sU(0,0): %g\n", label, a[0]);
}

static void testJit(void) {
  fprintf(stdout, "@jit\n");
  // The loops lowering first (code that calls nothing); the default
  // strategy's runtime call comes below.
  MlirStringRef cpu =
      mlirStringRefCreateFromCString("linalgx-cpu-pipeline{lu-strategy=loops}");
  int64_t compiledBefore = linalgxJitCompilationCount();
  LinalgXJitModule module = linalgxJitModuleCreate(
      mlirStringRefCreateFromCString(kJitModule), cpu, /*optLevel=*/2,
      /*numSharedLibPaths=*/0, NULL, printToStdout, NULL);
  EXPECT(!linalgxJitModuleIsNull(module));
  EXPECT(linalgxJitCompilationCount() == compiledBefore + 1);
  MlirStringRef lu = mlirStringRefCreateFromCString("lu");
  fprintf(stdout, "type: ");
  EXPECT(mlirLogicalResultIsSuccess(linalgxJitModuleGetFunctionType(
      module, lu, printToStdout, NULL, printToStdout, NULL)));
  fprintf(stdout, "\n");

  LuFn function = (LuFn)linalgxJitModuleLookup(module, lu, printToStdout, NULL);
  EXPECT(function != NULL);
  if (function)
    runJitLu(function, "");

  /* The default strategy calls linalgxCpuGetrf: the JIT loads linalgx's CPU
     runtime itself (no library passed). */
  LinalgXJitModule viaRuntime = linalgxJitModuleCreate(
      mlirStringRefCreateFromCString(kJitModule),
      mlirStringRefCreateFromCString("linalgx-cpu-pipeline"), 2, 0, NULL,
      printToStdout, NULL);
  EXPECT(!linalgxJitModuleIsNull(viaRuntime));
  LuFn viaRuntimeLu =
      (LuFn)linalgxJitModuleLookup(viaRuntime, lu, printToStdout, NULL);
  EXPECT(viaRuntimeLu != NULL);
  if (viaRuntimeLu)
    runJitLu(viaRuntimeLu, "runtime: ");
  linalgxJitModuleDestroy(viaRuntime);

  fprintf(stdout, "-- missing entry point\n");
  EXPECT(linalgxJitModuleLookup(module, mlirStringRefCreateFromCString("main"),
                                printToStdout, NULL) == NULL);
  fprintf(stdout, "\n");
  EXPECT(linalgxJitModuleLookup(
             module, mlirStringRefCreateFromCString("not_an_entry_point"),
             printToStdout, NULL) == NULL);
  fprintf(stdout, "\n");
  EXPECT(mlirLogicalResultIsFailure(linalgxJitModuleGetFunctionType(
      module, mlirStringRefCreateFromCString("main"), printToStdout, NULL,
      printToStdout, NULL)));
  fprintf(stdout, "\n");
  linalgxJitModuleDestroy(module);

  fprintf(stdout, "-- syntax\n");
  module = linalgxJitModuleCreate(
      mlirStringRefCreateFromCString("func.func @f() {\n  return %x\n}"), cpu,
      2, 0, NULL, printToStdout, NULL);
  fprintf(stdout, "\nnull: %d\n", linalgxJitModuleIsNull(module));
  fprintf(stdout, "-- bad optimization level\n");
  module = linalgxJitModuleCreate(mlirStringRefCreateFromCString(kJitModule),
                                  cpu, 7, 0, NULL, printToStdout, NULL);
  fprintf(stdout, "\nnull: %d\n", linalgxJitModuleIsNull(module));
  fprintf(stdout, "-- missing shared library\n");
  MlirStringRef missing =
      mlirStringRefCreateFromCString("/nonexistent/libnothing.so");
  module = linalgxJitModuleCreate(mlirStringRefCreateFromCString(kJitModule),
                                  cpu, 2, 1, &missing, printToStdout, NULL);
  fprintf(stdout, "\nnull: %d\n", linalgxJitModuleIsNull(module));
  linalgxJitModuleDestroy(module); /* null: ignored */
  EXPECT(linalgxJitCompilationCount() == compiledBefore + 2);
}
// CHECK-LABEL: @jit
// CHECK-NEXT:  type: (memref<3x3xf64>, memref<3xi32>, memref<i32>, memref<3xi32>) -> ()
// CHECK-NEXT:  pivots: 2 2 2, permutation: 2 0 1, info: 0
// CHECK-NEXT:  U(0,0): 7
// CHECK-NEXT:  runtime: pivots: 2 2 2, permutation: 2 0 1, info: 0
// CHECK-NEXT:  runtime: U(0,0): 7
// CHECK-NEXT:  -- missing entry point
// CHECK-NEXT:  linalgx: the module has no public function @main with a body (callable functions: @lu)
// CHECK-NEXT:  linalgx: the module has no public function @not_an_entry_point with a body (callable functions: @lu)
// CHECK-NEXT:  linalgx: the module has no public function @main with a body (callable functions: @lu)
// CHECK-NEXT:  -- syntax
// CHECK-NEXT:  linalgx: the MLIR source does not parse or verify:
// CHECK-NEXT:  <linalgx source>:2:12: error: expected ':'
// CHECK-NEXT:  null: 1
// CHECK-NEXT:  -- bad optimization level
// CHECK-NEXT:  linalgx: optimization level 7 is not in 0..3
// CHECK-NEXT:  null: 1
// CHECK-NEXT:  -- missing shared library
// CHECK-NEXT:  linalgx: cannot load the shared library '/nonexistent/libnothing.so': {{.*}}No such file or directory
// CHECK-NEXT:  null: 1

int main(void) {
  // Unbuffered, so that what MLIR and LLVM print to stderr (invalid option
  // values) stays in order with this program's output under 2>&1.
  setvbuf(stdout, NULL, _IONBF, 0);
  testDialectHandle();
  testParseVerifyLower();
  testPassManagers();
  testErrors();
  testJit();
  if (failures) {
    fprintf(stdout, "FAILED: %d unexpected results\n", failures);
    return 1;
  }
  fprintf(stdout, "PASSED\n");
  return 0;
}
// CHECK-NOT:   UNEXPECTED
// CHECK:       PASSED
