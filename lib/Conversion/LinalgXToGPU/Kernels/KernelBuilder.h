//===- KernelBuilder.h - the builder every generated kernel uses -*- C++
//-*-===//
//
// A kernel body is hundreds of small ops; spelled with `Op::create(b, ...)`
// each, the arithmetic drowns the algorithm. KernelBuilder names the ops the
// kernels use (typed constants, integer arithmetic, casts, compares and
// selects, warp and block primitives, structured loops and ifs) so that a
// kernel reads like the algorithm, and so that no kernel re-declares them.
// Every method creates exactly the ops it names, in order: switching a
// kernel to it changes no generated IR. Internal to the GPU lowering.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_KERNELBUILDER_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_KERNELBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx::gpu_kernels {

class KernelBuilder : public ImplicitLocOpBuilder {
public:
  using ImplicitLocOpBuilder::ImplicitLocOpBuilder;
  /// A builder at `b`'s location and insertion point.
  explicit KernelBuilder(const ImplicitLocOpBuilder &b)
      : ImplicitLocOpBuilder(b) {}

  using BodyBuilder = function_ref<void(KernelBuilder &)>;
  using LoopBodyBuilder = function_ref<void(KernelBuilder &, Value)>;
  using ValuesBuilder = function_ref<SmallVector<Value>(KernelBuilder &)>;

  //===--------------------------------------------------------------------===//
  // Constants
  //===--------------------------------------------------------------------===//

  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(*this, value);
  }
  Value i32(int64_t value) {
    return arith::ConstantIntOp::create(*this, getI32Type(), value);
  }
  Value i64(int64_t value) {
    return arith::ConstantIntOp::create(*this, getI64Type(), value);
  }
  Value boolean(bool value) {
    return arith::ConstantIntOp::create(*this, getI1Type(), value);
  }
  /// The integer `value` of `type` (index or an integer type).
  Value integer(Type type, int64_t value) {
    return type.isIndex() ? index(value)
                          : arith::ConstantIntOp::create(*this, type, value);
  }
  /// Zero of any element type (float, complex or integer).
  Value zero(Type type) {
    return arith::ConstantOp::create(*this, getZeroAttr(type));
  }
  Value floatConstant(Type type, double value) {
    return arith::ConstantOp::create(*this, getFloatAttr(type, value));
  }

  //===--------------------------------------------------------------------===//
  // Integer arithmetic, compares and selects (index or integer operands)
  //===--------------------------------------------------------------------===//

  Value add(Value x, Value y) { return arith::AddIOp::create(*this, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(*this, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(*this, x, y); }
  Value divU(Value x, Value y) { return arith::DivUIOp::create(*this, x, y); }
  Value remU(Value x, Value y) { return arith::RemUIOp::create(*this, x, y); }
  Value ceilDivU(Value x, Value y) {
    return arith::CeilDivUIOp::create(*this, x, y);
  }
  Value minU(Value x, Value y) { return arith::MinUIOp::create(*this, x, y); }
  Value maxU(Value x, Value y) { return arith::MaxUIOp::create(*this, x, y); }
  Value bitAnd(Value x, Value y) { return arith::AndIOp::create(*this, x, y); }
  Value bitOr(Value x, Value y) { return arith::OrIOp::create(*this, x, y); }
  Value bitXor(Value x, Value y) { return arith::XOrIOp::create(*this, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(*this, x, y); }
  Value shrU(Value x, Value y) { return arith::ShRUIOp::create(*this, x, y); }
  /// x and y, for i1 conditions.
  Value both(Value x, Value y) { return bitAnd(x, y); }
  /// Not `condition` (an i1), against a fresh `true`.
  Value negate(Value condition) { return bitXor(condition, boolean(true)); }

  Value cmp(arith::CmpIPredicate predicate, Value x, Value y) {
    return arith::CmpIOp::create(*this, predicate, x, y);
  }
  Value eq(Value x, Value y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value ne(Value x, Value y) { return cmp(arith::CmpIPredicate::ne, x, y); }
  Value ultU(Value x, Value y) { return cmp(arith::CmpIPredicate::ult, x, y); }
  Value uleU(Value x, Value y) { return cmp(arith::CmpIPredicate::ule, x, y); }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(*this, condition, x, y);
  }

  //===--------------------------------------------------------------------===//
  // Casts
  //===--------------------------------------------------------------------===//

  /// index -> i32 and back, reading the integer as signed or unsigned.
  Value toI32(Value index) {
    return arith::IndexCastOp::create(*this, getI32Type(), index);
  }
  Value toI32Unsigned(Value index) {
    return arith::IndexCastUIOp::create(*this, getI32Type(), index);
  }
  Value toIndex(Value integer) {
    return arith::IndexCastOp::create(*this, getIndexType(), integer);
  }
  Value toIndexUnsigned(Value integer) {
    return arith::IndexCastUIOp::create(*this, getIndexType(), integer);
  }
  /// An i32 `value` as `type` (i32 or wider), sign- or zero-extended.
  Value extendSigned(Value value, Type type) {
    return type == value.getType() ? value
                                   : arith::ExtSIOp::create(*this, type, value);
  }
  Value extendUnsigned(Value value, Type type) {
    return type == value.getType() ? value
                                   : arith::ExtUIOp::create(*this, type, value);
  }

  //===--------------------------------------------------------------------===//
  // Threads, warps and blocks
  //===--------------------------------------------------------------------===//

  Value threadId(gpu::Dimension dimension) {
    return gpu::ThreadIdOp::create(*this, dimension);
  }
  Value blockId(gpu::Dimension dimension) {
    return gpu::BlockIdOp::create(*this, dimension);
  }
  Value gridDim(gpu::Dimension dimension) {
    return gpu::GridDimOp::create(*this, dimension);
  }
  Value blockDim(gpu::Dimension dimension) {
    return gpu::BlockDimOp::create(*this, dimension);
  }
  /// A block-wide barrier (`__syncthreads`).
  void barrier() { gpu::BarrierOp::create(*this); }
  /// A barrier of the whole warp (`__syncwarp`).
  void syncWarp() { NVVM::SyncWarpOp::create(*this, i32(-1)); }
  /// `redux.sync` of an i32 over the lanes of `mask` (every lane when null).
  Value redux(NVVM::ReduxKind kind, Value value, Value mask = Value()) {
    return NVVM::ReduxOp::create(*this, getI32Type(), value, kind,
                                 mask ? mask : i32(-1));
  }
  /// The lanes (a bit each) whose `condition` holds, over the lanes of
  /// `mask` (every lane when null).
  Value ballot(Value condition, Value mask = Value()) {
    return NVVM::VoteSyncOp::create(*this, getI32Type(), mask ? mask : i32(-1),
                                    condition, NVVM::VoteSyncKind::ballot);
  }

  /// An inline PTX instruction (or `{ ... }` block) on `operands` with its
  /// LLVM constraints; its result, or none where `resultType` is null.
  /// `sideEffects`: kept and not moved across other side effects.
  Value inlinePtx(Type resultType, ValueRange operands, StringRef ptx,
                  StringRef constraints, bool sideEffects);

  /// Shuffles a 32- or 64-bit integer or float, a complex number of them or
  /// a boolean across the warp (`mode` idx: from lane `lane`; xor: from lane
  /// ^ `lane`), as 32-bit shuffles.
  Value shuffle(Value value, Value lane, gpu::ShuffleMode mode);
  Value shuffleXor(Value value, int32_t offset);

  //===--------------------------------------------------------------------===//
  // Structured control flow
  //===--------------------------------------------------------------------===//

  /// `scf.for iv = lb to ub step step { body(iv) }`.
  void forLoop(Value lb, Value ub, Value step, LoopBodyBuilder body) {
    scf::ForOp::create(
        *this, lb, ub, step, ValueRange(),
        [&](OpBuilder &nested, Location loc, Value iv, ValueRange) {
          KernelBuilder nb(loc, nested);
          body(nb, iv);
          scf::YieldOp::create(nb);
        });
  }
  /// `scf.if condition { then() }`.
  void ifThen(Value condition, BodyBuilder then) {
    scf::IfOp::create(*this, condition, [&](OpBuilder &nested, Location loc) {
      KernelBuilder nb(loc, nested);
      then(nb);
      scf::YieldOp::create(nb);
    });
  }
  /// `scf.index_switch selector` with a case `body(value)` for each of
  /// `values` (a constant each) and an empty default: code specialized for
  /// each value a selector uniform across the threads can take.
  void switchOn(Value selector, ArrayRef<int64_t> values,
                function_ref<void(KernelBuilder &, int64_t)> body);
  /// `scf.if condition -> (...) { then() } else { otherwise() }`: its
  /// results, those the branches yield.
  SmallVector<Value> ifThenElse(Value condition, ValuesBuilder then,
                                ValuesBuilder otherwise) {
    auto op = scf::IfOp::create(
        *this, condition,
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder nb(loc, nested);
          scf::YieldOp::create(nb, then(nb));
        },
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder nb(loc, nested);
          scf::YieldOp::create(nb, otherwise(nb));
        });
    return SmallVector<Value>(op.getResults());
  }
  /// `memref[indices]` where `inBounds` holds, else `fallback`: a predicated
  /// load, for addresses that may lie outside the buffer (nothing is read).
  Value loadOr(Value inBounds, Value memref, ValueRange indices,
               Value fallback) {
    return ifThenElse(
        inBounds,
        [&](KernelBuilder &b) -> SmallVector<Value> {
          return {b.load(memref, indices)};
        },
        [&](KernelBuilder &) -> SmallVector<Value> { return {fallback}; })[0];
  }

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  Value load(Value memref, ValueRange indices = {}) {
    return memref::LoadOp::create(*this, memref, indices);
  }
  void store(Value value, Value memref, ValueRange indices = {}) {
    memref::StoreOp::create(*this, value, memref, indices);
  }
  Value dim(Value memref, int64_t dimension) {
    return memref::DimOp::create(*this, memref, dimension);
  }
};

/// `memref` (identity layout, every size dynamic) with its trailing sizes
/// `trailing` made static: a kernel specialized for one static shape casts
/// its arguments so, and every address and bound in it folds to constants.
inline Value withStaticTrailingSizes(OpBuilder &b, Location loc, Value memref,
                                     ArrayRef<int64_t> trailing) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> shape(type.getShape().drop_back(trailing.size()));
  llvm::append_range(shape, trailing);
  return memref::CastOp::create(
      b, loc, MemRefType::get(shape, type.getElementType()), memref);
}
inline Value withStaticTrailingSizes(ImplicitLocOpBuilder &b, Value memref,
                                     ArrayRef<int64_t> trailing) {
  return withStaticTrailingSizes(b, b.getLoc(), memref, trailing);
}

/// A shared-memory buffer type for a kernel's workgroup attributions.
inline MemRefType workgroupMemRef(ArrayRef<int64_t> shape, Type elementType) {
  auto space = gpu::AddressSpaceAttr::get(elementType.getContext(),
                                          gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                         space);
}

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_KERNELBUILDER_H
