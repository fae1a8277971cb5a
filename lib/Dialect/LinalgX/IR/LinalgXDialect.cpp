//===- LinalgXDialect.cpp - linalgx dialect ---------------------*- C++ -*-===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXDialect.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"

using namespace mlir;
using namespace mlir::linalgx;

#include "linalgx/Dialect/LinalgX/IR/LinalgXOpsDialect.cpp.inc"

void LinalgXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.cpp.inc"
      >();
  // One-Shot Bufferize must find the external model whenever the dialect is
  // loaded; declaring the promise makes a missing registration a clear error
  // instead of an op that silently does not bufferize.
  declarePromisedInterfaces<bufferization::BufferizableOpInterface, LuOp,
                            PivotsToPermutationOp>();
}
