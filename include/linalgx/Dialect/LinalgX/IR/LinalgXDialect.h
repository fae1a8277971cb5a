//===- LinalgXDialect.h - linalgx dialect -----------------------*- C++ -*-===//

#ifndef LINALGX_DIALECT_LINALGX_IR_LINALGXDIALECT_H
#define LINALGX_DIALECT_LINALGX_IR_LINALGXDIALECT_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "linalgx/Dialect/LinalgX/IR/LinalgXOpsDialect.h.inc"

#endif // LINALGX_DIALECT_LINALGX_IR_LINALGXDIALECT_H
