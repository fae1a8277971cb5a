//===- LinalgXOps.h - linalgx operations ------------------------*- C++ -*-===//

#ifndef LINALGX_DIALECT_LINALGX_IR_LINALGXOPS_H
#define LINALGX_DIALECT_LINALGX_IR_LINALGXOPS_H

#include "linalgx/Dialect/LinalgX/IR/LinalgXDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "linalgx/Dialect/LinalgX/IR/LinalgXEnums.h.inc"

#define GET_OP_CLASSES
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h.inc"

#endif // LINALGX_DIALECT_LINALGX_IR_LINALGXOPS_H
