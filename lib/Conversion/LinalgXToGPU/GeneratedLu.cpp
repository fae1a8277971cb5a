//===- GeneratedLu.cpp - the generated one-kernel GPU LU ---------*- C++ -*-===//
//
// Builds the bodies of the register and shared-memory LU kernels and of the
// blocked LU's panel kernel as
// gpu/scf/memref/arith/nvvm IR (GeneratedLu.h, docs/gpu.md). Pivot choice,
// zero-pivot handling and arithmetic follow the loop lowering, so that every
// path meets the same contract.
//
//===----------------------------------------------------------------------===//

#include "GeneratedLu.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

#include <limits>

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

/// Rows a lane of the pivot search examines per loop iteration.
constexpr uint64_t kGeneratedLuScanUnroll = 4;
/// Rows a warp updates together in a step (see the elimination below).
constexpr int64_t kGeneratedLuRowsPerPass = 4;
/// Bytes of one element of `type` (complex numbers: both parts).
int64_t elementByteSize(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * elementByteSize(complexType.getElementType());
  return type.getIntOrFloatBitWidth() / 8;
}

namespace {

/// Shuffles a 32- or 64-bit integer or float across the warp (`mode` idx:
/// from lane `lane`; xor: from lane ^ `lane`), as 32-bit shuffles.
Value shuffleValue(ImplicitLocOpBuilder &b, Value value, Value lane,
                   gpu::ShuffleMode mode) {
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type(), bitsType = b.getIntegerType(width);
  Value bits = isa<FloatType>(type)
                   ? arith::BitcastOp::create(b, bitsType, value).getResult()
                   : value;
  Value warpWidth = arith::ConstantIntOp::create(b, i32, 32);
  auto shuffle32 = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, v, lane, warpWidth, mode)
        .getShuffleResult();
  };
  Value result;
  if (width == 32) {
    result = shuffle32(bits);
  } else {
    Value shift = arith::ConstantIntOp::create(b, bitsType, 32);
    Value low = arith::TruncIOp::create(b, i32, bits);
    Value high = arith::TruncIOp::create(
        b, i32, arith::ShRUIOp::create(b, bits, shift));
    result = arith::OrIOp::create(
        b,
        arith::ShLIOp::create(
            b, arith::ExtUIOp::create(b, bitsType, shuffle32(high)), shift),
        arith::ExtUIOp::create(b, bitsType, shuffle32(low)));
  }
  return isa<FloatType>(type)
             ? arith::BitcastOp::create(b, type, result).getResult()
             : result;
}

/// Integer comparison and select, the kernels' most frequent ops.
Value cmp(ImplicitLocOpBuilder &b, arith::CmpIPredicate predicate, Value lhs,
          Value rhs) {
  return arith::CmpIOp::create(b, predicate, lhs, rhs);
}
Value select(ImplicitLocOpBuilder &b, Value condition, Value t, Value f) {
  return arith::SelectOp::create(b, condition, t, f);
}

Value shuffleXor(ImplicitLocOpBuilder &b, Value value, int32_t offset) {
  return shuffleValue(b, value,
                      arith::ConstantIntOp::create(b, b.getI32Type(), offset),
                      gpu::ShuffleMode::XOR);
}

/// `acc - lhs * rhs` as one fused multiply-add (`negLhs` is -lhs) where
/// `keep` is false, `acc` unchanged where it is true: a predicated PTX fma.
/// The same through arith (an fma and a select) costs a select per element,
/// two instructions for an f64 (one per half); the predicate costs none.
Value predicatedMulSub(ImplicitLocOpBuilder &b, Value acc, Value negLhs,
                       Value rhs, Value keep) {
  Type type = acc.getType();
  bool isF64 = type.isF64();
  assert((isF64 || type.isF32()) && "a real f32 or f64 element");
  // $0 is tied to $1 (the "0" constraint): one register, kept where the
  // predicate $4 holds.
  std::string ptx = std::string("@!$4 fma.rn.") + (isF64 ? "f64" : "f32") +
                    " $0, $2, $3, $1;";
  std::string constraints = isF64 ? "=d,0,d,d,b" : "=f,0,f,f,b";
  return LLVM::InlineAsmOp::create(
             b, type, ValueRange{acc, negLhs, rhs, keep}, ptx, constraints,
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// The pivot search's key of a candidate: the bit pattern of its magnitude
/// (non-negative floats order as unsigned integers). A NaN is never chosen
/// except on the diagonal, where LAPACK's scan starts: keys 0 and +Inf
/// reproduce exactly the sequential scan's choice.
Value pivotKey(ImplicitLocOpBuilder &b, const ElementArith &element,
               Value value, Value onDiagonal, Type magnitudeType) {
  Type keyType = b.getIntegerType(magnitudeType.getIntOrFloatBitWidth());
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  Value infKey = arith::BitcastOp::create(
      b, keyType,
      arith::ConstantOp::create(
          b, b.getFloatAttr(magnitudeType,
                            APFloat::getInf(cast<FloatType>(magnitudeType)
                                                .getFloatSemantics()))));
  Value magnitude = element.magnitude(b, value);
  Value isNaN = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, magnitude,
                                      magnitude);
  return arith::SelectOp::create(
      b, isNaN, arith::SelectOp::create(b, onDiagonal, infKey, zeroKey),
      arith::BitcastOp::create(b, keyType, magnitude));
}

/// How the register kernels move a matrix between global memory and their
/// threads' registers: a segment of every row at a time through shared
/// memory. Reading a row per thread straight from global memory would have
/// each warp-wide access touch 32 lines; through shared memory, consecutive
/// threads copy consecutive elements of whole 128-byte lines, and each
/// thread then reads its own row segment there with 16-byte accesses.
/// The warp register kernel's rows are one segment (at most 128 bytes).
struct StagedRowSegments {
  explicit StagedRowSegments(Type elementType, int64_t width = 0)
      : width(width ? width : 128 / elementByteSize(elementType)),
        // 16 bytes of padding make the row stride an odd number of 16-byte
        // units (the widths are multiples of 16 bytes): a quarter warp's
        // 16-byte accesses to eight rows then fall in distinct banks.
        stride(this->width + 16 / elementByteSize(elementType)) {}
  /// Elements of a row segment, and of a staged row with its padding.
  int64_t width, stride;
};

/// The staged copies are loops of this many elements an iteration: fully
/// unrolled, their per-element addresses would be invariant in the batch
/// loop, hoisted out of it by LLVM and kept in registers through all the
/// steps (ptxas: twice the registers of the row, or spills).
constexpr int64_t kStagedCopyUnroll = 4;

/// Starts an asynchronous copy (cp.async, no registers, no waiting) of
/// `source[indices]` into `staged[stagedAt]`, or zero-fills it when
/// `inSource` is false (nothing is read: the source index is then
/// all-zero). `zero` and `one` are index constants.
void asyncCopyOrZero(ImplicitLocOpBuilder &b, Value staged, Value stagedAt,
                     Value source, ValueRange indices, Value inSource,
                     Value zero, Value one) {
  SmallVector<Value> sourceIndices;
  for (Value index : indices)
    sourceIndices.push_back(
        arith::SelectOp::create(b, inSource, index, zero));
  nvgpu::DeviceAsyncCopyOp::create(
      b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), staged,
      ValueRange{stagedAt}, source, sourceIndices, b.getIndexAttr(1),
      arith::SelectOp::create(b, inSource, one, zero),
      /*bypassL1=*/UnitAttr());
}

/// The largest pivot key of the lanes `reduceMax` (an unsigned 32-bit
/// maximum over them) spans: 64-bit keys reduce their high halves, then the
/// low halves of the lanes holding the largest high half.
Value reduceMaxKey(ImplicitLocOpBuilder &b, Value key,
                   function_ref<Value(ImplicitLocOpBuilder &, Value)>
                       reduceMax) {
  Type keyType = key.getType(), i32 = b.getI32Type();
  if (keyType.isInteger(32))
    return reduceMax(b, key);
  Value shift = arith::ConstantIntOp::create(b, keyType, 32);
  Value high =
      arith::TruncIOp::create(b, i32, arith::ShRUIOp::create(b, key, shift));
  Value low = arith::TruncIOp::create(b, i32, key);
  Value bestHigh = reduceMax(b, high);
  Value bestLow = reduceMax(
      b, arith::SelectOp::create(
             b,
             arith::CmpIOp::create(b, arith::CmpIPredicate::eq, high,
                                   bestHigh),
             low, arith::ConstantIntOp::create(b, i32, 0)));
  return arith::OrIOp::create(
      b,
      arith::ShLIOp::create(b, arith::ExtUIOp::create(b, keyType, bestHigh),
                            shift),
      arith::ExtUIOp::create(b, keyType, bestLow));
}

/// Appends what the register kernels keep per thread after a row's values:
/// its logical position (i32, the row itself at first), whether it has been
/// a pivot row (i1; rows not valid count as used, so they never compete for
/// a pivot) and info.
void appendRegisterRowBookkeeping(ImplicitLocOpBuilder &b,
                                  SmallVectorImpl<Value> &state, Value row,
                                  Value rowValid, Type intType) {
  state.push_back(arith::IndexCastUIOp::create(b, b.getI32Type(), row));
  state.push_back(arith::XOrIOp::create(
      b, rowValid, arith::ConstantIntOp::create(b, b.getI1Type(), 1)));
  state.push_back(arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)));
}

/// A step's row exchange in the register kernels, where rows never move:
/// the pivot row takes logical position `step`, the row at `step` the pivot
/// row's old position, and the pivot row's thread records the pivot.
/// Returns the thread's new (position, used).
std::pair<Value, Value> exchangeRows(ImplicitLocOpBuilder &b, Value position,
                                     Value used, Value isPivotRow,
                                     Value pivotPosition, int64_t step,
                                     Value stepIndex, Value valid,
                                     Value pivots, Value matrix) {
  Value stepI32 = arith::ConstantIntOp::create(b, b.getI32Type(), step);
  Value newPosition = arith::SelectOp::create(
      b, isPivotRow, stepI32,
      arith::SelectOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, position,
                                stepI32),
          pivotPosition, position));
  Value newUsed = arith::OrIOp::create(b, used, isPivotRow);
  buildIf(b, arith::AndIOp::create(b, valid, isPivotRow),
          [&](ImplicitLocOpBuilder &b) {
    Type intType = cast<MemRefType>(pivots.getType()).getElementType();
    Value pivotIndex =
        intType.isInteger(32)
            ? pivotPosition
            : arith::ExtUIOp::create(b, intType, pivotPosition).getResult();
    memref::StoreOp::create(b, pivotIndex, pivots,
                            ValueRange{matrix, stepIndex});
  });
  return {newPosition, newUsed};
}

/// What a register kernel's step leaves for unrollRegisterSteps: the row's
/// new logical position and used flag (exchangeRows) and whether the pivot
/// was exactly zero.
struct RegisterStep {
  Value position, used, singular;
};

/// The register kernels' steps, unrolled so that every column index is
/// static: step s runs under s < K (the same for every thread of a matrix),
/// `body` updates the `size` row values in place and returns the rest of the
/// step's outcome, and info records the first zero pivot, 1-based. `state`
/// is loadRegisterRowState's; the state after the last step is returned.
SmallVector<Value> unrollRegisterSteps(
    ImplicitLocOpBuilder &b, ValueRange initialState, int64_t size,
    int64_t steps, Value k, ArrayRef<Value> c,
    function_ref<RegisterStep(ImplicitLocOpBuilder &, int64_t step,
                              MutableArrayRef<Value> row, Value position,
                              Value used)>
        body) {
  SmallVector<Value> state(initialState);
  for (int64_t step = 0; step < steps; ++step) {
    auto stepIf = scf::IfOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c[step], k),
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          SmallVector<Value> row(state.begin(), state.begin() + size);
          Value status = state[size + 2];
          RegisterStep next =
              body(b, step, row, state[size], state[size + 1]);
          Value noError = arith::ConstantOp::create(
              b, b.getIntegerAttr(status.getType(), 0));
          Value firstError = arith::AndIOp::create(
              b, next.singular,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, status,
                                    noError));
          status = arith::SelectOp::create(
              b, firstError,
              arith::ConstantOp::create(
                  b, b.getIntegerAttr(status.getType(), step + 1)),
              status);
          row.append({next.position, next.used, status});
          scf::YieldOp::create(b, row);
        },
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder nb(loc, nested);
          scf::YieldOp::create(nb, state);
        });
    state.assign(stepIf.getResults().begin(), stepIf.getResults().end());
  }
  return state;
}

/// The register kernels' epilogue: the thread's row (the first `size`
/// values of `state`) is row `position` of L\U; with a permutation operand,
/// the permutation's entry at `position` is the row; row 0's thread stores
/// info.
/// With `lu` null, the caller has stored the row values itself.
void storeRegisterRowState(ImplicitLocOpBuilder &b, ValueRange state,
                           int64_t size, Value lu, Value permutation,
                           Value info, Value matrix, Value row, Value n,
                           Value rowValid, Value valid, ArrayRef<Value> c) {
  Value position =
      arith::IndexCastUIOp::create(b, b.getIndexType(), state[size]);
  buildIf(b, rowValid, [&](ImplicitLocOpBuilder &b) {
    for (int64_t j = 0; lu && j < size; ++j)
      buildIf(b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c[j], n),
              [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(b, state[j], lu,
                                ValueRange{matrix, position, c[j]});
      });
    if (permutation) {
      Type intType = cast<MemRefType>(permutation.getType()).getElementType();
      memref::StoreOp::create(b, arith::IndexCastUIOp::create(b, intType, row),
                              permutation, ValueRange{matrix, position});
    }
  });
  buildIf(b,
          arith::AndIOp::create(
              b, valid,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, row, c[0])),
          [&](ImplicitLocOpBuilder &b) {
    memref::StoreOp::create(b, state[size + 2], info, matrix);
  });
}

} // namespace

SmallVector<Type> registerLuWorkgroupTypes(int64_t size, Type elementType) {
  int64_t matrices = kRegisterLuWarpsPerBlock * (32 / size);
  return {workgroupMemRef(
      {matrices * size * StagedRowSegments(elementType, size).stride},
      elementType)};
}

void buildRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                               ValueRange workgroup, Type elementType,
                               Type intType, bool withPermutation,
                               int64_t size) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  Type i32 = b.getI32Type(), i1 = b.getI1Type();
  // Index constants 0..size, made here: the loops below use them in nested
  // regions.
  SmallVector<Value> c;
  for (int64_t v = 0; v <= size; ++v)
    c.push_back(arith::ConstantIndexOp::create(b, v));
  auto c32 = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto toI32 = [&](ImplicitLocOpBuilder &b, Value index) -> Value {
    return arith::IndexCastUIOp::create(b, i32, index);
  };
  using P = arith::CmpIPredicate;

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  int64_t groupsPerWarp = 32 / size;
  Value group = arith::DivUIOp::create(b, lane, c[size]);
  Value row = arith::RemUIOp::create(b, lane, c[size]);
  Value rowI32 = toI32(b, row);
  Value firstLaneOfGroup = toI32(b, arith::MulIOp::create(b, group, c[size]));
  Value matricesPerBlock = arith::ConstantIndexOp::create(
      b, kRegisterLuWarpsPerBlock * groupsPerWarp);
  Value slot = arith::AddIOp::create(
      b, arith::MulIOp::create(b, warp, c[groupsPerWarp]), group);
  Value noPosition = c32(b, std::numeric_limits<int32_t>::max());
  Value fullMask = c32(b, -1);
  // Element `j` of staged row `r` of the lane's matrix (slot).
  Value staged = workgroup[0];
  const int64_t stagedStride = StagedRowSegments(elementType, size).stride;
  auto stagedIndexOf = [&](ImplicitLocOpBuilder &b, Value r,
                           Value j) -> Value {
    Value stagedRow = arith::AddIOp::create(
        b, arith::MulIOp::create(b, slot, c[size]), r);
    return arith::AddIOp::create(
        b,
        arith::MulIOp::create(b, stagedRow,
                              arith::ConstantIndexOp::create(b, stagedStride)),
        j);
  };
  // The lanes of the thread's matrix, as a mask.
  Value groupLanes = arith::ShLIOp::create(
      b, c32(b, size == 32 ? -1 : (int64_t{1} << size) - 1), firstLaneOfGroup);
  // The reduction of `value` over the lanes of each matrix of the warp.
  auto groupReduce = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                         Value value, Value identity) -> Value {
    Value result;
    for (int64_t g = 0; g < groupsPerWarp; ++g) {
      Value inGroup = cmp(b, P::eq, group, c[g]);
      Value offered =
          groupsPerWarp == 1 ? value : select(b, inGroup, value, identity);
      Value reduced = NVVM::ReduxOp::create(b, i32, offered, kind, fullMask);
      result = g == 0 ? reduced : select(b, inGroup, reduced, result);
    }
    return result;
  };
  // Every lane runs the same iterations (the shuffles need the whole warp).
  buildLoop(b, arith::MulIOp::create(b, blockId, matricesPerBlock), batch,
            arith::MulIOp::create(b, gridDim, matricesPerBlock),
            [&](ImplicitLocOpBuilder &b, Value blockFirst) {
    Value matrix = arith::AddIOp::create(b, blockFirst, slot);
    Value valid = cmp(b, P::ult, matrix, batch);
    Value rowValid = arith::AndIOp::create(b, valid, cmp(b, P::ult, row, m));

    // The matrix into shared memory: lane j copies column j of every row
    // (a row's segment per matrix and access), rows and columns outside it
    // zero-filled. Then row `row` into registers, then its position, used
    // flag and info.
    Value columnInMatrix =
        arith::AndIOp::create(b, valid, cmp(b, P::ult, row, n));
    // Calls `body(r, inMatrix)` for every row r of the lane's matrix, a
    // loop of kStagedCopyUnroll rows an iteration (see kStagedCopyUnroll).
    auto forEachRow = [&](ImplicitLocOpBuilder &b,
                          function_ref<void(ImplicitLocOpBuilder &, Value,
                                            Value)>
                              body) {
      buildLoop(b, c[0], c[size], c[kStagedCopyUnroll],
                [&](ImplicitLocOpBuilder &b, Value firstRow) {
        for (int64_t u = 0; u < kStagedCopyUnroll; ++u) {
          Value r = arith::AddIOp::create(b, firstRow, c[u]);
          body(b, r,
               arith::AndIOp::create(b, columnInMatrix,
                                     cmp(b, P::ult, r, m)));
        }
      });
    };
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value r, Value inMatrix) {
      asyncCopyOrZero(b, staged, stagedIndexOf(b, r, row), input,
                      {matrix, r, row}, inMatrix, c[0], c[1]);
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
    NVVM::CpAsyncWaitGroupOp::create(b, 0);
    NVVM::SyncWarpOp::create(b, fullMask);
    SmallVector<Value> state;
    for (int64_t j = 0; j < size; ++j)
      state.push_back(memref::LoadOp::create(b, staged,
                                             stagedIndexOf(b, row, c[j])));
    appendRegisterRowBookkeeping(b, state, row, rowValid, intType);

    state = unrollRegisterSteps(
        b, state, size, size, k, c,
        [&](ImplicitLocOpBuilder &b, int64_t step, MutableArrayRef<Value> a,
            Value position, Value used) -> RegisterStep {
          Value stepI32 = c32(b, step);

          // Pivot search among the rows not used yet.
          Value key = pivotKey(b, element, a[step],
                               cmp(b, P::eq, position, stepI32),
                               elementType);
          Value zeroKey =
              arith::ConstantOp::create(b, b.getZeroAttr(key.getType()));
          key = select(b, used, zeroKey, key);
          Value candidate = select(b, used, noPosition, position);
          Value pivotPosition, pivotRow;
          if (groupsPerWarp <= 2) {
            // Two matrices a warp at most: warp-wide reductions (redux.sync,
            // each lane offering the identity for the other matrix's) take
            // fewer instructions than a butterfly of three shuffles a level;
            // a ballot finds the lane holding the pivot row.
            pivotPosition = groupReduce(
                b, NVVM::ReduxKind::UMIN,
                select(b,
                       cmp(b, P::eq, key,
                           reduceMaxKey(b, key,
                                        [&](ImplicitLocOpBuilder &b, Value v) {
                                          return groupReduce(
                                              b, NVVM::ReduxKind::UMAX, v,
                                              c32(b, 0));
                                        })),
                       candidate, noPosition),
                noPosition);
            Value holders = NVVM::VoteSyncOp::create(
                b, i32, fullMask,
                arith::AndIOp::create(
                    b, cmp(b, P::eq, candidate, pivotPosition),
                    cmp(b, P::ne, candidate, noPosition)),
                NVVM::VoteSyncKind::ballot);
            // No holder only in a matrix past the batch (every row used):
            // its lanes then read their own group's first lane.
            Value holderLane = arith::AndIOp::create(
                b,
                math::CountTrailingZerosOp::create(
                    b, arith::AndIOp::create(b, holders, groupLanes)),
                c32(b, 31));
            pivotRow = arith::SubIOp::create(
                b,
                select(b, cmp(b, P::eq, holders, c32(b, 0)), firstLaneOfGroup,
                       holderLane),
                firstLaneOfGroup);
          } else {
            Value candidateRow = rowI32;
            for (int64_t offset = size / 2; offset >= 1; offset /= 2) {
              Value otherKey = shuffleXor(b, key, offset);
              Value otherPosition = shuffleXor(b, candidate, offset);
              Value otherRow = shuffleXor(b, candidateRow, offset);
              // Larger key, or equal key at an earlier position (used rows
              // sit at position INT_MAX with key 0 and lose every tie).
              Value take = arith::OrIOp::create(
                  b, cmp(b, P::ugt, otherKey, key),
                  arith::AndIOp::create(b, cmp(b, P::eq, otherKey, key),
                                        cmp(b, P::ult, otherPosition,
                                            candidate)));
              key = select(b, take, otherKey, key);
              candidate = select(b, take, otherPosition, candidate);
              candidateRow = select(b, take, otherRow, candidateRow);
            }
            pivotPosition = candidate;
            pivotRow = candidateRow;
          }
          Value isPivotRow = cmp(b, P::eq, rowI32, pivotRow);
          auto [newPosition, newUsed] =
              exchangeRows(b, position, used, isPivotRow, pivotPosition,
                           step, c[step], valid, pivots, matrix);

          // Elimination of the rows below, against the broadcast pivot row.
          Value source = arith::AddIOp::create(b, firstLaneOfGroup, pivotRow);
          Value pivot =
              shuffleValue(b, a[step], source, gpu::ShuffleMode::IDX);
          Value singular = element.isZero(b, pivot);
          Value eliminate = arith::AndIOp::create(
              b,
              arith::XOrIOp::create(b, newUsed,
                                    arith::ConstantIntOp::create(b, i1, 1)),
              arith::XOrIOp::create(b, singular,
                                    arith::ConstantIntOp::create(b, i1, 1)));
          Value multiplier = element.div(b, a[step], pivot);
          a[step] = select(b, eliminate, multiplier, a[step]);
          for (int64_t j = step + 1; j < size; ++j) {
            Value pivotRowEntry =
                shuffleValue(b, a[j], source, gpu::ShuffleMode::IDX);
            a[j] = select(b, eliminate,
                          element.mulSub(b, a[j], multiplier, pivotRowEntry),
                          a[j]);
          }
          return {newPosition, newUsed, singular};
        });

    // Row `position` of L\U is the lane's row: staged at its position
    // (after every lane has read its own), then copied out as it came in.
    // The last warp sync keeps the warp's next matrix from overwriting the
    // buffer before every lane has copied out.
    NVVM::SyncWarpOp::create(b, fullMask);
    Value position =
        arith::IndexCastUIOp::create(b, b.getIndexType(), state[size]);
    buildIf(b, rowValid, [&](ImplicitLocOpBuilder &b) {
      for (int64_t j = 0; j < size; ++j)
        memref::StoreOp::create(b, state[j], staged,
                                stagedIndexOf(b, position, c[j]));
    });
    NVVM::SyncWarpOp::create(b, fullMask);
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value r, Value inMatrix) {
      buildIf(b, inMatrix, [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(
            b, memref::LoadOp::create(b, staged, stagedIndexOf(b, r, row)),
            lu, ValueRange{matrix, r, row});
      });
    });
    NVVM::SyncWarpOp::create(b, fullMask);
    storeRegisterRowState(b, state, size, /*lu=*/Value(), permutation, info,
                          matrix, row, n, rowValid, valid, c);
  });
}

SmallVector<Type> blockRegisterLuWorkgroupTypes(BlockRegisterLuShape shape,
                                                Type elementType) {
  MLIRContext *context = elementType.getContext();
  auto buffer = [](int64_t size, Type type) -> Type {
    return workgroupMemRef({size}, type);
  };
  int64_t slots = 2 * shape.matricesPerBlock() * shape.warps();
  StagedRowSegments segments(elementType);
  return {buffer(slots * shape.cols, elementType),
          buffer(slots, IntegerType::get(
                            context, elementType.getIntOrFloatBitWidth())),
          buffer(slots, IntegerType::get(context, 32)),
          buffer(2 * shape.matricesPerBlock() * shape.rows * segments.stride,
                 elementType)};
}

void buildBlockRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                    ValueRange workgroup, Type elementType,
                                    Type intType, bool withPermutation,
                                    BlockRegisterLuShape shape) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  Value candidateRows = workgroup[0], candidateKeys = workgroup[1],
        candidatePositions = workgroup[2], staged = workgroup[3];
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  const int64_t cols = shape.cols, warps = shape.warps(),
                groups = shape.matricesPerBlock();
  const int64_t steps = std::min(shape.rows, cols);
  Type i32 = b.getI32Type(), i1 = b.getI1Type();
  unsigned keyWidth = elementType.getIntOrFloatBitWidth();
  Type keyType = b.getIntegerType(keyWidth);
  using P = arith::CmpIPredicate;
  // Constants are made here, at the kernel's top level, and used in the
  // nested regions below.
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  SmallVector<Value> c;
  // 0 .. max(rows, cols) and 32 (the warp size, for row = warp * 32 + lane).
  for (int64_t v = 0; v <= std::max({cols, shape.rows, int64_t{32}}); ++v)
    c.push_back(index(v));
  Value trueValue = arith::ConstantIntOp::create(b, i1, 1);
  Value fullMask = int32(-1);
  Value noPosition = int32(std::numeric_limits<int32_t>::max());
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  auto negate = [&](ImplicitLocOpBuilder &b, Value condition) -> Value {
    return arith::XOrIOp::create(b, condition, trueValue);
  };
  auto redux = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                   Value value) -> Value {
    return NVVM::ReduxOp::create(b, i32, value, kind, fullMask);
  };

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value group = gpu::ThreadIdOp::create(b, gpu::Dimension::z);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  Value row = arith::AddIOp::create(
      b, arith::MulIOp::create(b, warp, c[32]), lane);
  // Slot of (parity, group, warp) in the candidate buffers.
  auto slotOf = [&](ImplicitLocOpBuilder &b, int64_t parity,
                    Value warpOfGroup) -> Value {
    return arith::AddIOp::create(
        b,
        arith::MulIOp::create(
            b, arith::AddIOp::create(b, index(parity * groups), group),
            c[warps]),
        warpOfGroup);
  };
  auto rowBase = [&](ImplicitLocOpBuilder &b, Value slot) -> Value {
    return arith::MulIOp::create(b, slot, c[cols]);
  };

  // The staged copies (StagedRowSegments) of a matrix: the threads of its
  // warps share the work, so they synchronize as a block, or as a warp when
  // the matrix has one.
  const StagedRowSegments segments(elementType);
  const int64_t matrixThreads = 32 * warps;
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  auto syncMatrix = [&](ImplicitLocOpBuilder &b) {
    if (warps == 1)
      NVVM::SyncWarpOp::create(b, fullMask);
    else
      gpu::BarrierOp::create(b);
  };
  auto indexIn = [](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  // Element `j` of staged row `r` of the thread's matrix in buffer `buffer`
  // (two buffers: a segment is copied in while the previous one is read).
  auto stagedIndexOf = [&](ImplicitLocOpBuilder &b, int64_t buffer, Value r,
                           Value j) -> Value {
    Value stagedRow = arith::AddIOp::create(
        b,
        arith::MulIOp::create(
            b, arith::AddIOp::create(b, group, indexIn(b, buffer * groups)),
            indexIn(b, shape.rows)),
        r);
    return arith::AddIOp::create(
        b, arith::MulIOp::create(b, stagedRow, indexIn(b, segments.stride)),
        j);
  };
  auto stagedIndex = [&](ImplicitLocOpBuilder &b, int64_t buffer, Value r,
                         int64_t j) -> Value {
    return stagedIndexOf(b, buffer, r, indexIn(b, j));
  };
  const int64_t segmentCount = llvm::divideCeil(cols, segments.width);
  auto segmentWidth = [&](int64_t segment) {
    return std::min(segments.width, cols - segment * segments.width);
  };
  // The thread's part of the copy of segment `segment` (in buffer
  // segment % 2) of the matrix `valid` says is one: `body(row, column,
  // inMatrix, stagedAt)` for each element it copies, consecutive threads on
  // consecutive columns. A matrix's threads cover whole rows of a segment
  // (32 * warps is a multiple of its width), so a thread keeps its column
  // and moves down a fixed number of rows, kStagedCopyUnroll rows an
  // iteration of a loop.
  assert(matrixThreads % segments.width == 0 && "threads cover whole rows");
  auto copyStagedSegment =
      [&](ImplicitLocOpBuilder &b, Value valid, int64_t segment,
          function_ref<void(ImplicitLocOpBuilder &, Value, Value, Value,
                            Value)>
              body) {
        const int64_t rowsPerCopy = matrixThreads / segments.width;
        Value firstRow =
            arith::DivUIOp::create(b, row, indexIn(b, segments.width));
        Value j = arith::RemUIOp::create(b, row, indexIn(b, segments.width));
        Value column = arith::AddIOp::create(
            b, j, indexIn(b, segment * segments.width));
        Value columnInMatrix = arith::AndIOp::create(
            b, valid, cmp(b, P::ult, column, n));
        buildLoop(b, firstRow, c[shape.rows],
                  indexIn(b, kStagedCopyUnroll * rowsPerCopy),
                  [&](ImplicitLocOpBuilder &b, Value firstOfIteration) {
          for (int64_t u = 0; u < kStagedCopyUnroll; ++u) {
            Value r = arith::AddIOp::create(b, firstOfIteration,
                                            indexIn(b, u * rowsPerCopy));
            auto copy = [&](ImplicitLocOpBuilder &b) {
              Value inMatrix = arith::AndIOp::create(b, columnInMatrix,
                                                     cmp(b, P::ult, r, m));
              body(b, r, column, inMatrix,
                   stagedIndexOf(b, segment % 2, r, j));
            };
            if (u == 0)
              copy(b);
            else
              buildIf(b, cmp(b, P::ult, r, c[shape.rows]), copy);
          }
        });
      };
  // Starts copying segment `segment` of the matrix into its buffer
  // (asyncCopyOrZero), one cp.async group a segment.
  auto startCopyIn = [&](ImplicitLocOpBuilder &b, Value matrix, Value valid,
                         int64_t segment) {
    copyStagedSegment(b, valid, segment, [&](ImplicitLocOpBuilder &b,
                                             Value r, Value column,
                                             Value inMatrix, Value stagedAt) {
      asyncCopyOrZero(b, staged, stagedAt, input, {matrix, r, column},
                      inMatrix, c[0], c[1]);
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
  };

  // Every thread runs the same iterations (barriers and warp reductions).
  buildLoop(b, arith::MulIOp::create(b, blockId, c[groups]), batch,
            arith::MulIOp::create(b, gridDim, c[groups]),
            [&](ImplicitLocOpBuilder &b, Value blockFirst) {
    Value matrix = arith::AddIOp::create(b, blockFirst, group);
    Value valid = cmp(b, P::ult, matrix, batch);
    Value rowValid = arith::AndIOp::create(b, valid, cmp(b, P::ult, row, m));

    // The thread's row in registers, then its position, used flag and info.
    // Segment s + 1 is in flight while segment s is read.
    SmallVector<Value> state;
    startCopyIn(b, matrix, valid, 0);
    for (int64_t segment = 0; segment < segmentCount; ++segment) {
      bool last = segment + 1 == segmentCount;
      if (!last)
        startCopyIn(b, matrix, valid, segment + 1);
      NVVM::CpAsyncWaitGroupOp::create(b, last ? 0 : 1);
      syncMatrix(b);
      // The last warp's threads past the rows have no staged row: they read
      // the last one's and keep zeros (unconditional loads vectorize).
      Value stagedRow = row;
      Value pastRows;
      if (shape.rows % 32 != 0) {
        pastRows = cmp(b, P::uge, row, c[shape.rows]);
        stagedRow = arith::MinUIOp::create(b, row, c[shape.rows - 1]);
      }
      for (int64_t j = 0; j < segmentWidth(segment); ++j) {
        Value value = memref::LoadOp::create(
            b, staged, stagedIndex(b, segment % 2, stagedRow, j));
        state.push_back(pastRows ? select(b, pastRows, zeroValue, value)
                                 : value);
      }
      // Read before the segment after next (or the results) overwrites the
      // buffer.
      syncMatrix(b);
    }
    appendRegisterRowBookkeeping(b, state, row, rowValid, intType);

    state = unrollRegisterSteps(
        b, state, cols, steps, k, c,
        [&](ImplicitLocOpBuilder &b, int64_t step, MutableArrayRef<Value> a,
            Value position, Value used) -> RegisterStep {
          Value stepI32 = int32(step);
          int64_t parity = step % 2;

          // The warp's best candidate: the largest key (see pivotKey),
          // then the first position holding it.
          Value key = select(
              b, used, zeroKey,
              pivotKey(b, element, a[step],
                       cmp(b, P::eq, position, stepI32), elementType));
          Value bestKey = reduceMaxKey(
              b, key, [&](ImplicitLocOpBuilder &b, Value v) {
                return redux(b, NVVM::ReduxKind::UMAX, v);
              });
          Value bestPosition = redux(
              b, NVVM::ReduxKind::UMIN,
              select(b, arith::AndIOp::create(b, cmp(b, P::eq, key, bestKey),
                                              negate(b, used)),
                     position, noPosition));
          // Unused rows have distinct positions: at most one winner.
          Value isWarpWinner = arith::AndIOp::create(
              b, negate(b, used), cmp(b, P::eq, position, bestPosition));
          Value ownSlot = slotOf(b, parity, warp);
          buildIf(b, isWarpWinner, [&](ImplicitLocOpBuilder &b) {
            Value base = rowBase(b, ownSlot);
            for (int64_t j = step; j < cols; ++j)
              memref::StoreOp::create(
                  b, a[j], candidateRows,
                  ValueRange{arith::AddIOp::create(b, base, c[j])});
          });

          Value pivotPosition, isPivotRow, pivotSlot;
          if (warps == 1) {
            NVVM::SyncWarpOp::create(b, fullMask);
            pivotPosition = bestPosition;
            isPivotRow = isWarpWinner;
            pivotSlot = ownSlot;
          } else {
            buildIf(b, cmp(b, P::eq, lane, c[0]),
                    [&](ImplicitLocOpBuilder &b) {
              memref::StoreOp::create(b, bestKey, candidateKeys, ownSlot);
              memref::StoreOp::create(b, bestPosition, candidatePositions,
                                      ownSlot);
            });
            gpu::BarrierOp::create(b);
            // The best of the warps' candidates, in warp order.
            Value bestWarp = c[0];
            Value firstSlot = slotOf(b, parity, c[0]);
            Value winnerKey =
                memref::LoadOp::create(b, candidateKeys, firstSlot);
            pivotPosition =
                memref::LoadOp::create(b, candidatePositions, firstSlot);
            for (int64_t w = 1; w < warps; ++w) {
              Value slot = slotOf(b, parity, c[w]);
              Value otherKey = memref::LoadOp::create(b, candidateKeys, slot);
              Value otherPosition =
                  memref::LoadOp::create(b, candidatePositions, slot);
              Value take = arith::OrIOp::create(
                  b, cmp(b, P::ugt, otherKey, winnerKey),
                  arith::AndIOp::create(
                      b, cmp(b, P::eq, otherKey, winnerKey),
                      cmp(b, P::ult, otherPosition, pivotPosition)));
              winnerKey = select(b, take, otherKey, winnerKey);
              pivotPosition = select(b, take, otherPosition, pivotPosition);
              bestWarp = select(b, take, c[w], bestWarp);
            }
            isPivotRow = arith::AndIOp::create(
                b, isWarpWinner, cmp(b, P::eq, warp, bestWarp));
            pivotSlot = slotOf(b, parity, bestWarp);
          }
          Value pivotBase = rowBase(b, pivotSlot);
          auto pivotRowEntry = [&](ImplicitLocOpBuilder &b,
                                   int64_t j) -> Value {
            return memref::LoadOp::create(
                b, candidateRows,
                ValueRange{arith::AddIOp::create(b, pivotBase, c[j])});
          };

          auto [newPosition, newUsed] =
              exchangeRows(b, position, used, isPivotRow, pivotPosition,
                           step, c[step], valid, pivots, matrix);

          // Elimination of the remaining rows. Rows already used keep
          // their values: they are final.
          Value pivot = pivotRowEntry(b, step);
          Value singular = element.isZero(b, pivot);
          auto eliminated = scf::IfOp::create(
              b, arith::AndIOp::create(b, negate(b, newUsed),
                                       negate(b, singular)),
              [&](OpBuilder &nested, Location loc) {
                ImplicitLocOpBuilder b(loc, nested);
                // One reciprocal per step and a multiplication, unless
                // the pivot is too small for its reciprocal (LAPACK's
                // getf2 divides then).
                auto scaled = scf::IfOp::create(
                    b, element.reciprocalIsSafe(b, pivot),
                    [&](OpBuilder &nested, Location loc) {
                      ImplicitLocOpBuilder nb(loc, nested);
                      scf::YieldOp::create(
                          nb, element.mul(nb, a[step],
                                          element.reciprocal(nb, pivot)));
                    },
                    [&](OpBuilder &nested, Location loc) {
                      ImplicitLocOpBuilder nb(loc, nested);
                      scf::YieldOp::create(nb,
                                           element.div(nb, a[step], pivot));
                    });
                Value multiplier = scaled.getResult(0);
                SmallVector<Value> updated = {multiplier};
                for (int64_t j = step + 1; j < cols; ++j)
                  updated.push_back(element.mulSub(
                      b, a[j], multiplier, pivotRowEntry(b, j)));
                scf::YieldOp::create(b, updated);
              },
              [&](OpBuilder &nested, Location loc) {
                ImplicitLocOpBuilder nb(loc, nested);
                scf::YieldOp::create(
                    nb, ArrayRef<Value>(a).drop_front(step));
              });
          for (int64_t j = step; j < cols; ++j)
            a[j] = eliminated.getResult(j - step);
          return {newPosition, newUsed, singular};
        });

    // Row `position` of L\U is the thread's row: staged at its position,
    // then copied out in lines. The synchronization after the last segment
    // also keeps the block's next matrix from writing candidate slots (they
    // are double-buffered by step parity, which only a barrier between the
    // steps of one matrix protects) before every warp has read this
    // matrix's last candidates.
    Value position =
        arith::IndexCastUIOp::create(b, b.getIndexType(), state[cols]);
    for (int64_t segment = 0; segment < segmentCount; ++segment) {
      int64_t first = segment * segments.width;
      buildIf(b, rowValid, [&](ImplicitLocOpBuilder &b) {
        for (int64_t j = 0; j < segmentWidth(segment); ++j)
          memref::StoreOp::create(b, state[first + j], staged,
                                  stagedIndex(b, segment % 2, position, j));
      });
      // Also orders this buffer's copy-out two segments ago before the
      // writes above.
      syncMatrix(b);
      copyStagedSegment(b, valid, segment, [&](ImplicitLocOpBuilder &b,
                                               Value r, Value column,
                                               Value inMatrix,
                                               Value stagedAt) {
        buildIf(b, inMatrix, [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(
              b, memref::LoadOp::create(b, staged, stagedAt), lu,
              ValueRange{matrix, r, column});
        });
      });
    }
    syncMatrix(b);
    storeRegisterRowState(b, state, cols, /*lu=*/Value(), permutation, info,
                          matrix, row, n, rowValid, valid, c);
  });
}

SmallVector<Type> cyclicRegisterLuWorkgroupTypes(CyclicRegisterLuShape shape,
                                                 Type elementType) {
  auto buffer = [](int64_t size, Type type) -> Type {
    return workgroupMemRef({size}, type);
  };
  int64_t stride = CyclicRegisterLuShape::stagedStride(
      shape.stagedColumns());
  int64_t slotRows = 32 * shape.rowSlots();
  Type i32 = IntegerType::get(elementType.getContext(), 32);
  return {buffer(shape.rows * stride, elementType),
          buffer(2 * slotRows, elementType), buffer(2 * slotRows, i32),
          buffer(2, i32)};
}

void buildCyclicRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                     ValueRange workgroup, Type elementType,
                                     Type intType, bool withPermutation,
                                     CyclicRegisterLuShape shape) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  Value staged = workgroup[0], multipliers = workgroup[1],
        rowOrder = workgroup[2], outcome = workgroup[3];
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  const int64_t rowSlots = shape.rowSlots(), columnSlots = shape.columnSlots(),
                warps = shape.warps(), threads = 32 * warps;
  const int64_t slotRows = 32 * rowSlots;
  const int64_t bandColumns = shape.stagedColumns();
  const int64_t stride = CyclicRegisterLuShape::stagedStride(bandColumns);
  const int64_t bands = llvm::divideCeil(shape.cols, bandColumns);
  // rowOrder holds each row's logical position, then the row at each
  // position (the permutation); outcome the step's outcome (by parity).
  const int64_t rowAtPosition = slotRows;
  Type i32 = b.getI32Type(), i1 = b.getI1Type();
  Type keyType = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  using P = arith::CmpIPredicate;
  auto index = [](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto negate = [&](ImplicitLocOpBuilder &b, Value condition) -> Value {
    return arith::XOrIOp::create(b, condition,
                                 arith::ConstantIntOp::create(b, i1, 1));
  };
  auto toI32 = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastUIOp::create(b, i32, v);
  };
  auto toIndex = [](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastUIOp::create(b, b.getIndexType(), v);
  };
  auto toIntType = [](ImplicitLocOpBuilder &b, Value v, Type type) -> Value {
    return type.isInteger(32) ? v : arith::ExtUIOp::create(b, type, v);
  };
  Value fullMask = int32(b, -1);
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value thread = add(b, mul(b, warp, index(b, 32)), lane);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  // The thread's rows (lane + 32 r) and columns (warp + W c).
  SmallVector<Value> rows, rowsI32, columns;
  for (int64_t r = 0; r < rowSlots; ++r) {
    rows.push_back(add(b, lane, index(b, 32 * r)));
    rowsI32.push_back(toI32(b, rows.back()));
  }
  for (int64_t c = 0; c < columnSlots; ++c)
    columns.push_back(add(b, warp, index(b, warps * c)));
  // Element (r, c) of the thread's registers.
  auto slot = [&](int64_t r, int64_t c) { return r * columnSlots + c; };

  // The value of row slot `rowSlot` (an i32, the same for the whole warp)
  // among `values` (one per row slot), fetched from lane `fromLane`.
  auto fromRow = [&](ImplicitLocOpBuilder &b, ArrayRef<Value> values,
                     Value rowSlot, Value fromLane) -> Value {
    Value chosen = values[0];
    for (int64_t r = 1; r < rowSlots; ++r)
      chosen = select(b, cmp(b, P::eq, rowSlot, int32(b, r)), values[r],
                      chosen);
    return shuffleValue(b, chosen, fromLane, gpu::ShuffleMode::IDX);
  };

  // A band of columns [first, first + width) staged in shared memory at
  // row stride `stride`: `body(row, column, stagedAt)` for the elements
  // (row < bound, column < first + width) the thread moves, consecutive
  // threads on consecutive columns of a row (coalesced global accesses).
  auto forBandElements =
      [&](ImplicitLocOpBuilder &b, int64_t first, int64_t width, Value bound,
          function_ref<void(ImplicitLocOpBuilder &, Value, Value, Value)>
              body) {
        Value widthValue = index(b, width);
        buildLoop(b, thread, mul(b, bound, widthValue), index(b, threads),
                  [&](ImplicitLocOpBuilder &b, Value element) {
          Value row = arith::DivUIOp::create(b, element, widthValue);
          Value j = arith::RemUIOp::create(b, element, widthValue);
          body(b, row, add(b, j, index(b, first)),
               add(b, mul(b, row, index(b, stride)), j));
        });
      };
  // Whether the thread's column slot `c` lies in the band starting at
  // `first` of `width` columns (null: certainly, for every warp), and its
  // staged column there.
  auto inBand = [&](ImplicitLocOpBuilder &b, int64_t c, int64_t first,
                    int64_t width) -> std::pair<Value, Value> {
    int64_t lowest = warps * c, highest = warps * c + warps - 1;
    Value column = arith::SubIOp::create(b, columns[c], index(b, first));
    if (lowest >= first && highest < first + width)
      return {Value(), column};
    Value inside = arith::AndIOp::create(
        b, cmp(b, P::uge, columns[c], index(b, first)),
        cmp(b, P::ult, columns[c], index(b, first + width)));
    return {inside, select(b, inside, column, index(b, 0))};
  };
  auto bandHolds = [&](int64_t c, int64_t first, int64_t width) {
    return warps * c < first + width && warps * c + warps - 1 >= first;
  };

  // Every thread of the block runs the same iterations (barriers).
  buildLoop(b, blockId, batch, gridDim, [&](ImplicitLocOpBuilder &b,
                                            Value matrix) {
    // The matrix into registers, a band of columns at a time; rows and
    // columns past the matrix are zeros.
    SmallVector<Value> state(rowSlots * columnSlots, zeroValue);
    for (int64_t band = 0; band < bands; ++band) {
      int64_t first = band * bandColumns;
      int64_t width = std::min(bandColumns, shape.cols - first);
      // The previous matrix's or band's readers are done with the buffers.
      gpu::BarrierOp::create(b);
      if (band == 0) {
        // Every row at its own position.
        buildIf(b, cmp(b, P::ult, thread, index(b, slotRows)),
                [&](ImplicitLocOpBuilder &b) {
          Value threadI32 = toI32(b, thread);
          memref::StoreOp::create(b, threadI32, rowOrder, thread);
          memref::StoreOp::create(b, threadI32, rowOrder,
                                  add(b, thread, index(b, rowAtPosition)));
        });
      }
      forBandElements(b, first, width, index(b, shape.rows),
                      [&](ImplicitLocOpBuilder &b, Value row, Value column,
                          Value stagedAt) {
        Value inMatrix = arith::AndIOp::create(b, cmp(b, P::ult, row, m),
                                               cmp(b, P::ult, column, n));
        auto load = scf::IfOp::create(
            b, inMatrix,
            [&](OpBuilder &nested, Location loc) {
              ImplicitLocOpBuilder nb(loc, nested);
              scf::YieldOp::create(
                  nb, memref::LoadOp::create(nb, input,
                                             ValueRange{matrix, row, column})
                          .getResult());
            },
            [&](OpBuilder &nested, Location loc) {
              ImplicitLocOpBuilder nb(loc, nested);
              scf::YieldOp::create(nb, zeroValue);
            });
        memref::StoreOp::create(b, load.getResult(0), staged, stagedAt);
      });
      gpu::BarrierOp::create(b);
      for (int64_t c = 0; c < columnSlots; ++c) {
        if (!bandHolds(c, first, width))
          continue;
        auto [inside, column] = inBand(b, c, first, width);
        for (int64_t r = 0; r < rowSlots; ++r) {
          // Rows past the bound (the last slot's lanes) read the last row
          // and keep their zeros.
          bool pastBound = 32 * r + 31 >= shape.rows;
          Value row = pastBound
                          ? arith::MinUIOp::create(b, rows[r],
                                                   index(b, shape.rows - 1))
                                .getResult()
                          : rows[r];
          Value value = memref::LoadOp::create(
              b, staged, add(b, mul(b, row, index(b, stride)), column));
          Value keep = inside;
          if (pastBound) {
            Value rowInBound = cmp(b, P::ult, rows[r], index(b, shape.rows));
            keep = keep ? arith::AndIOp::create(b, keep, rowInBound)
                              .getResult()
                        : rowInBound;
          }
          state[slot(r, c)] =
              keep ? select(b, keep, value, state[slot(r, c)]) : value;
        }
      }
    }
    // Then whether each row slot has been a pivot row (rows past the matrix
    // count as used: they never compete), and info.
    for (int64_t r = 0; r < rowSlots; ++r)
      state.push_back(cmp(b, P::uge, rows[r], m));
    state.push_back(arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)));
    const int64_t usedAt = rowSlots * columnSlots, infoAt = usedAt + rowSlots;

    // Step s is published in buffers s % 2 through named barrier 1 + s % 2
    // (barrier 0 is the copies'): its owner arrives (bar.arrive, no wait)
    // once it has stored the outcome and multipliers, every other warp
    // waits there (bar.sync) before reading them. The owner of step s + 1
    // searches as soon as it has applied step s to that one column, before
    // its other updates (look-ahead): no warp waits at a block-wide
    // barrier for each step's search, only the next owner for the step
    // before (run 10, docs/gpu.md). Reusing buffer s % 2 at step s + 2 is
    // safe: its owner passed barrier s + 1, which every warp reaches after
    // reading step s.
    Value threadCount = int32(b, threads);
    auto parityOf = [&](ImplicitLocOpBuilder &b, Value step) -> Value {
      return arith::AndIOp::create(b, step, index(b, 1));
    };
    // (A register id: ptxas then reserves all 16 barriers, which costs
    // nothing here, one block an SM by its registers anyway; branches with
    // constant ids are merged back by LLVM.)
    auto barrierOf = [&](ImplicitLocOpBuilder &b, Value parity) -> Value {
      return add(b, toI32(b, parity), int32(b, 1));
    };

    // Step `step`'s pivot search and scaling of its column (`column`, one
    // value per row slot, already updated by the steps before), by the
    // warp owning it; returns the scaled column.
    auto searchAndPublish = [&](ImplicitLocOpBuilder &b, Value step,
                                ArrayRef<Value> column,
                                ArrayRef<Value> used) -> SmallVector<Value> {
      Value stepI32 = toI32(b, step);
      Value parity = parityOf(b, step);
      Value multiplierBase = mul(b, parity, index(b, slotRows));
      // The largest key (pivotKey) of the unused rows, then the first
      // logical position holding it; position * 128 + row names the row too
      // (positions and rows are below 128).
      SmallVector<Value> keys, position;
      Value laneKey;
      for (int64_t r = 0; r < rowSlots; ++r) {
        position.push_back(memref::LoadOp::create(b, rowOrder, rows[r]));
        keys.push_back(select(
            b, used[r], arith::ConstantIntOp::create(b, keyType, 0),
            pivotKey(b, element, column[r],
                     cmp(b, P::eq, position[r], stepI32), elementType)));
        laneKey = r ? arith::MaxUIOp::create(b, laneKey, keys[r]).getResult()
                    : keys[r];
      }
      Value rowAtStep = memref::LoadOp::create(
          b, rowOrder, add(b, step, index(b, rowAtPosition)));
      // The lane's first unused row holding `key`, as position * 128 + row
      // (all ones: none), and that row's value in `column`.
      auto candidateOf =
          [&](ImplicitLocOpBuilder &b, Value key) -> std::pair<Value, Value> {
        Value laneCandidate, laneValue;
        for (int64_t r = 0; r < rowSlots; ++r) {
          Value candidate = select(
              b,
              arith::AndIOp::create(b, negate(b, used[r]),
                                    cmp(b, P::eq, keys[r], key)),
              arith::OrIOp::create(
                  b, arith::ShLIOp::create(b, position[r], int32(b, 7)),
                  rowsI32[r]),
              int32(b, -1));
          if (r == 0) {
            laneCandidate = candidate;
            laneValue = column[0];
            continue;
          }
          Value earlier = cmp(b, P::ult, candidate, laneCandidate);
          laneCandidate = select(b, earlier, candidate, laneCandidate);
          laneValue = select(b, earlier, column[r], laneValue);
        }
        return {laneCandidate, laneValue};
      };
      auto reduce = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                        Value v) -> Value {
        return NVVM::ReduxOp::create(b, i32, v, kind, fullMask);
      };
      // The largest key's high word (f32: the key) first. When a single lane
      // holds it (a ballot; the rule on random data) that lane's own
      // candidate is the pivot and the candidate's value the pivot's value,
      // fetched by shuffles side by side; otherwise the largest low word
      // among the lanes tied on the high word, then the first position
      // holding the largest key: two more reductions, and the pivot by
      // shuffle from the row they name. The step's owner waits on this
      // chain, so what does not depend on the reductions comes off it: the
      // high words' maximum is taken in 32 bits (the high word of the
      // largest key is the largest high word), and the lane's candidate is
      // found before the ballot.
      bool wideKey = !keyType.isInteger(32);
      Value high;
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value keyHigh =
            wideKey ? arith::TruncIOp::create(
                          b, i32,
                          arith::ShRUIOp::create(
                              b, keys[r],
                              arith::ConstantIntOp::create(b, keyType, 32)))
                          .getResult()
                    : keys[r];
        high = r ? arith::MaxUIOp::create(b, high, keyHigh).getResult()
                 : keyHigh;
      }
      Value laneCandidate, laneValue;
      std::tie(laneCandidate, laneValue) = candidateOf(b, laneKey);
      Value bestHigh = reduce(b, NVVM::ReduxKind::UMAX, high);
      Value tied = NVVM::VoteSyncOp::create(b, i32, fullMask,
                                            cmp(b, P::eq, high, bestHigh),
                                            NVVM::VoteSyncKind::ballot);
      auto search = scf::IfOp::create(
          b, cmp(b, P::eq, math::CtPopOp::create(b, tied), int32(b, 1)),
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            Value winner = math::CountTrailingZerosOp::create(b, tied);
            scf::YieldOp::create(
                b, ValueRange{shuffleValue(b, laneCandidate, winner,
                                           gpu::ShuffleMode::IDX),
                              shuffleValue(b, laneValue, winner,
                                           gpu::ShuffleMode::IDX)});
          },
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            Value bestKey = bestHigh;
            if (wideKey) {
              Value bestLow = reduce(
                  b, NVVM::ReduxKind::UMAX,
                  select(b, cmp(b, P::eq, high, bestHigh),
                         arith::TruncIOp::create(b, i32, laneKey),
                         int32(b, 0)));
              bestKey = arith::OrIOp::create(
                  b,
                  arith::ShLIOp::create(
                      b, arith::ExtUIOp::create(b, keyType, bestHigh),
                      arith::ConstantIntOp::create(b, keyType, 32)),
                  arith::ExtUIOp::create(b, keyType, bestLow));
            }
            Value best = reduce(b, NVVM::ReduxKind::UMIN,
                                candidateOf(b, bestKey).first);
            Value row = arith::AndIOp::create(b, best, int32(b, 127));
            scf::YieldOp::create(
                b, ValueRange{best,
                              fromRow(b, column,
                                      arith::ShRUIOp::create(b, row,
                                                             int32(b, 5)),
                                      arith::AndIOp::create(b, row,
                                                            int32(b, 31)))});
          });
      Value best = search.getResult(0);
      Value pivotRow = arith::AndIOp::create(b, best, int32(b, 127));
      Value pivotPosition = arith::ShRUIOp::create(b, best, int32(b, 7));
      Value pivot = search.getResult(1);
      Value singular = element.isZero(b, pivot);

      // Multipliers of the unused rows but the pivot's: one reciprocal, or
      // divisions when the pivot is below the smallest normal number
      // (LAPACK's getf2; also taken by a zero pivot, whose multipliers are
      // not used).
      auto scaled = scf::IfOp::create(
          b, element.reciprocalIsSafe(b, pivot),
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            Value inverse = element.reciprocal(b, pivot);
            SmallVector<Value> values;
            for (int64_t r = 0; r < rowSlots; ++r)
              values.push_back(element.mul(b, column[r], inverse));
            scf::YieldOp::create(b, values);
          },
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            SmallVector<Value> values;
            for (int64_t r = 0; r < rowSlots; ++r)
              values.push_back(element.div(b, column[r], pivot));
            scf::YieldOp::create(b, values);
          });
      SmallVector<Value> scaledColumn;
      Value scales = negate(b, singular);
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value eligible = arith::AndIOp::create(
            b, arith::AndIOp::create(b, scales, negate(b, used[r])),
            cmp(b, P::ne, rowsI32[r], pivotRow));
        scaledColumn.push_back(
            select(b, eligible, scaled.getResult(r), column[r]));
        memref::StoreOp::create(b, scaledColumn.back(), multipliers,
                                ValueRange{add(b, multiplierBase, rows[r])});
      }
      // The warp publishes the outcome (pivot row, and the sign bit for a
      // zero pivot), records the pivot and exchanges the positions of the
      // pivot row and the row at `step`: every lane stores the same values
      // to the same addresses, which costs the owner's chain no branch.
      memref::StoreOp::create(
          b,
          arith::OrIOp::create(
              b, pivotRow,
              select(b, singular,
                     int32(b, std::numeric_limits<int32_t>::min()),
                     int32(b, 0))),
          outcome, parity);
      memref::StoreOp::create(b, toIntType(b, pivotPosition, intType),
                              pivots, ValueRange{matrix, step});
      memref::StoreOp::create(
          b, rowAtStep, rowOrder,
          add(b, toIndex(b, pivotPosition), index(b, rowAtPosition)));
      memref::StoreOp::create(b, pivotRow, rowOrder,
                              add(b, step, index(b, rowAtPosition)));
      memref::StoreOp::create(b, pivotPosition, rowOrder,
                              toIndex(b, rowAtStep));
      memref::StoreOp::create(b, stepI32, rowOrder, toIndex(b, pivotRow));
      // A block of one warp has nobody to tell (its lanes synchronize at
      // the next step's bar.warp.sync).
      if (warps > 1)
        NVVM::BarrierArriveOp::create(b, barrierOf(b, parity), threadCount);
      return scaledColumn;
    };

    using BuildValues =
        function_ref<SmallVector<Value>(ImplicitLocOpBuilder &)>;
    auto yieldIf = [&](ImplicitLocOpBuilder &b, Value condition,
                       BuildValues then,
                       ValueRange otherwise) -> SmallVector<Value> {
      return buildIfElse(b, condition, then, [&](ImplicitLocOpBuilder &) {
        return SmallVector<Value>(otherwise);
      });
    };
    // The pivot row's entries in column slots `slots` of `a`: its row slot
    // is the same across the warp, so a branch picks it and an entry is one
    // shuffle (selecting it per lane among the row slots cost two more
    // instructions an f64 entry).
    auto pivotRowEntries = [&](ImplicitLocOpBuilder &b, ArrayRef<Value> a,
                               ArrayRef<int64_t> slots, Value pivotRowSlot,
                               Value pivotLane) -> SmallVector<Value> {
      std::function<SmallVector<Value>(ImplicitLocOpBuilder &, int64_t)>
          fromRowSlot = [&](ImplicitLocOpBuilder &b, int64_t r) {
            auto shuffled = [&](ImplicitLocOpBuilder &b) {
              SmallVector<Value> entries;
              for (int64_t c : slots)
                entries.push_back(shuffleValue(b, a[slot(r, c)], pivotLane,
                                               gpu::ShuffleMode::IDX));
              return entries;
            };
            if (r == rowSlots - 1)
              return shuffled(b);
            return buildIfElse(
                b, cmp(b, P::eq, pivotRowSlot, int32(b, r)), shuffled,
                [&](ImplicitLocOpBuilder &b) { return fromRowSlot(b, r + 1); });
          };
      return fromRowSlot(b, 0);
    };
    // The update by a step of column slots `slots` of `a`: a - l u for the
    // unused rows, one predicated fused multiply-add each (`negMultiplier`
    // is -l, one per row slot).
    auto updateSlots = [&](ImplicitLocOpBuilder &b, MutableArrayRef<Value> a,
                           ArrayRef<int64_t> slots,
                           ArrayRef<Value> negMultiplier,
                           ArrayRef<Value> used, Value pivotRowSlot,
                           Value pivotLane) {
      SmallVector<Value> entries =
          pivotRowEntries(b, a, slots, pivotRowSlot, pivotLane);
      for (auto [entry, c] : llvm::zip_equal(entries, slots))
        for (int64_t r = 0; r < rowSlots; ++r)
          a[slot(r, c)] = predicatedMulSub(b, a[slot(r, c)], negMultiplier[r],
                                           entry, used[r]);
    };
    auto slotValues = [&](ArrayRef<Value> a, int64_t c) {
      SmallVector<Value> values;
      for (int64_t r = 0; r < rowSlots; ++r)
        values.push_back(a[slot(r, c)]);
      return values;
    };
    auto setSlot = [&](MutableArrayRef<Value> a, int64_t c,
                       ArrayRef<Value> values) {
      for (int64_t r = 0; r < rowSlots; ++r)
        a[slot(r, c)] = values[r];
    };

    // Step 0, searched by warp 0 before any update.
    {
      SmallVector<Value> used(state.begin() + usedAt, state.begin() + infoAt);
      setSlot(state, 0,
              yieldIf(
                  b,
                  arith::AndIOp::create(b, cmp(b, P::ugt, k, index(b, 0)),
                                        cmp(b, P::eq, warp, index(b, 0))),
                  [&](ImplicitLocOpBuilder &b) {
                    return searchAndPublish(b, index(b, 0),
                                            slotValues(state, 0), used);
                  },
                  slotValues(state, 0)));
    }

    for (int64_t round = 0; round < columnSlots; ++round) {
      // Steps round * W + w, w < min(W, K - round * W).
      Value first = index(b, round * warps);
      Value roundSteps = select(
          b, cmp(b, P::ugt, k, first),
          arith::MinUIOp::create(b, arith::SubIOp::create(b, k, first),
                                 index(b, warps)),
          index(b, 0));
      auto loop = scf::ForOp::create(
          b, index(b, 0), roundSteps, index(b, 1), state,
          [&](OpBuilder &nested, Location loc, Value owner,
              ValueRange iterArgs) {
        ImplicitLocOpBuilder b(loc, nested);
        SmallVector<Value> a(iterArgs.begin(), iterArgs.begin() + usedAt);
        SmallVector<Value> used(iterArgs.begin() + usedAt,
                                iterArgs.begin() + infoAt);
        Value status = iterArgs[infoAt];
        Value step = add(b, first, owner);
        Value stepI32 = toI32(b, step);
        Value parity = parityOf(b, step);
        Value multiplierBase = mul(b, parity, index(b, slotRows));

        // The step's outcome: the owner's own stores (ordered for its lanes
        // by bar.warp.sync), the others' after its barrier.
        Value isOwner = cmp(b, P::eq, warp, owner);
        scf::IfOp::create(
            b, isOwner,
            [&](OpBuilder &nested, Location loc) {
              ImplicitLocOpBuilder b(loc, nested);
              NVVM::SyncWarpOp::create(b, fullMask);
              scf::YieldOp::create(b);
            },
            [&](OpBuilder &nested, Location loc) {
              ImplicitLocOpBuilder b(loc, nested);
              NVVM::BarrierOp::create(b, TypeRange(), barrierOf(b, parity),
                                      threadCount, {}, Value());
              scf::YieldOp::create(b);
            });
        Value stepOutcome = memref::LoadOp::create(b, outcome, parity);
        Value singular = cmp(b, P::slt, stepOutcome, int32(b, 0));
        Value pivotRow = arith::AndIOp::create(b, stepOutcome, int32(b, 127));
        // info: the first zero pivot, 1-based.
        status = select(
            b,
            arith::AndIOp::create(
                b, singular,
                cmp(b, P::eq, status,
                    arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)))),
            toIntType(b, add(b, stepI32, int32(b, 1)), intType), status);
        SmallVector<Value> negMultiplier;
        for (int64_t r = 0; r < rowSlots; ++r) {
          negMultiplier.push_back(arith::NegFOp::create(
              b, memref::LoadOp::create(
                     b, multipliers,
                     ValueRange{add(b, multiplierBase, rows[r])})));
          used[r] = arith::OrIOp::create(
              b, used[r], cmp(b, P::eq, rowsI32[r], pivotRow));
        }
        Value pivotRowSlot = arith::ShRUIOp::create(b, pivotRow, int32(b, 5));
        Value pivotLane = arith::AndIOp::create(b, pivotRow, int32(b, 31));
        Value updates = negate(b, singular);
        // Column slot `c` of `a` updated by the step.
        auto updatedSlot = [&](ImplicitLocOpBuilder &b, int64_t c) {
          SmallVector<Value> values(a);
          updateSlots(b, values, {c}, negMultiplier, used, pivotRowSlot,
                      pivotLane);
          return slotValues(values, c);
        };

        // Look-ahead: column step + 1 is slot `round` of the next warp, or
        // slot `round + 1` of warp 0 after the round's last warp. Its owner
        // updates it and searches step + 1 first.
        Value nextStep = add(b, step, index(b, 1));
        Value hasNext = cmp(b, P::ult, nextStep, k);
        SmallVector<Value> searchedFirst;
        for (int64_t c = round; c < std::min(round + 2, columnSlots); ++c) {
          Value nextOwner =
              c == round
                  ? cmp(b, P::eq, warp, add(b, owner, index(b, 1)))
                  : arith::AndIOp::create(
                        b, cmp(b, P::eq, warp, index(b, 0)),
                        cmp(b, P::eq, owner, index(b, warps - 1)))
                        .getResult();
          nextOwner = arith::AndIOp::create(b, nextOwner, hasNext);
          searchedFirst.push_back(nextOwner);
          setSlot(a, c,
                  yieldIf(
                      b, nextOwner,
                      [&](ImplicitLocOpBuilder &b) {
                        SmallVector<Value> column = yieldIf(
                            b, updates,
                            [&](ImplicitLocOpBuilder &b) {
                              return updatedSlot(b, c);
                            },
                            slotValues(a, c));
                        return searchAndPublish(b, nextStep, column, used);
                      },
                      slotValues(a, c)));
        }

        // The rest of the update of the columns after `step`, none when the
        // pivot is zero: slot `round` in the warps after the owner (a
        // warp-uniform branch), then the later slots as straight-line code,
        // so that their shuffles and multiply-adds overlap (a branch a slot
        // serializes them: 76.1 against 68.3 us for 75x75 f64 with 8 warps;
        // with 16, 55.3 and 55.7, even, run 10). Columns past the matrix are
        // updated too: nothing reads them.
        SmallVector<Value> rest;
        for (int64_t c = round; c < columnSlots; ++c)
          rest.append(slotValues(a, c));
        rest = yieldIf(
            b, updates,
            [&](ImplicitLocOpBuilder &b) {
              SmallVector<Value> updated(a);
              setSlot(updated, round,
                      yieldIf(
                          b,
                          arith::AndIOp::create(
                              b, cmp(b, P::ugt, warp, owner),
                              negate(b, searchedFirst[0])),
                          [&](ImplicitLocOpBuilder &b) {
                            return updatedSlot(b, round);
                          },
                          slotValues(a, round)));
              SmallVector<int64_t> later =
                  llvm::to_vector(llvm::seq<int64_t>(round + 1, columnSlots));
              if (!later.empty()) {
                updateSlots(b, updated, later, negMultiplier, used,
                            pivotRowSlot, pivotLane);
                // Warp 0's slot round + 1, already updated for the
                // look-ahead after the round's last step.
                for (int64_t r = 0; r < rowSlots; ++r)
                  updated[slot(r, round + 1)] =
                      select(b, searchedFirst[1], a[slot(r, round + 1)],
                             updated[slot(r, round + 1)]);
              }
              SmallVector<Value> values;
              for (int64_t c = round; c < columnSlots; ++c)
                values.append(slotValues(updated, c));
              return values;
            },
            rest);
        for (int64_t c = round; c < columnSlots; ++c)
          setSlot(a, c,
                  ArrayRef<Value>(rest).slice((c - round) * rowSlots,
                                              rowSlots));
        SmallVector<Value> next(a);
        next.append(used);
        next.push_back(status);
        scf::YieldOp::create(b, next);
      });
      state.assign(loop.getResults().begin(), loop.getResults().end());
    }

    // Row `position` of L\U is the thread's row: staged at its position, a
    // band at a time, then copied out in rows.
    for (int64_t band = 0; band < bands; ++band) {
      int64_t firstColumn = band * bandColumns;
      int64_t width = std::min(bandColumns, shape.cols - firstColumn);
      gpu::BarrierOp::create(b);
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value rowInBound = cmp(b, P::ult, rows[r], index(b, shape.rows));
        Value stagedRow = mul(
            b, toIndex(b, memref::LoadOp::create(b, rowOrder, rows[r])),
            index(b, stride));
        for (int64_t c = 0; c < columnSlots; ++c) {
          if (!bandHolds(c, firstColumn, width))
            continue;
          Value inside, column;
          std::tie(inside, column) = inBand(b, c, firstColumn, width);
          Value store = inside ? arith::AndIOp::create(b, inside, rowInBound)
                                     .getResult()
                               : rowInBound;
          buildIf(b, store, [&](ImplicitLocOpBuilder &b) {
            memref::StoreOp::create(b, state[slot(r, c)], staged,
                                    add(b, stagedRow, column));
          });
        }
      }
      gpu::BarrierOp::create(b);
      forBandElements(b, firstColumn, width, m,
                      [&](ImplicitLocOpBuilder &b, Value row, Value column,
                          Value stagedAt) {
        buildIf(b, cmp(b, P::ult, column, n), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b,
                                  memref::LoadOp::create(b, staged, stagedAt),
                                  lu, ValueRange{matrix, row, column});
        });
      });
    }
    // The permutation is the row at each position.
    if (permutation) {
      Type permutationType =
          cast<MemRefType>(permutation.getType()).getElementType();
      buildLoop(b, thread, m, index(b, threads),
                [&](ImplicitLocOpBuilder &b, Value position) {
        memref::StoreOp::create(
            b,
            toIntType(b,
                      memref::LoadOp::create(
                          b, rowOrder,
                          add(b, position, index(b, rowAtPosition))),
                      permutationType),
            permutation, ValueRange{matrix, position});
      });
    }
    buildIf(b, cmp(b, P::eq, thread, index(b, 0)),
            [&](ImplicitLocOpBuilder &b) {
      memref::StoreOp::create(b, state[infoAt], info, matrix);
    });
  });
}

void buildSharedMemoryLuKernelBody(ImplicitLocOpBuilder &b,
                                   ValueRange args, Type elementType,
                                   Type intType, bool withPermutation) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value zero = c(0), one = c(1), warpSize = c(32);
  Type i32 = b.getI32Type();
  // 0 .. kGeneratedLuRowsPerPass, for the nested regions below (`c` builds
  // at the kernel's top level).
  SmallVector<Value> passOffsets;
  for (int64_t t = 0; t <= kGeneratedLuRowsPerPass; ++t)
    passOffsets.push_back(c(t));

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  // The row stride of the shared copy, as GeneratedLuLaunch counts it.
  Value stride = arith::OrIOp::create(b, n, one);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value group = gpu::ThreadIdOp::create(b, gpu::Dimension::z);
  Value warps = gpu::BlockDimOp::create(b, gpu::Dimension::y);
  Value groups = gpu::BlockDimOp::create(b, gpu::Dimension::z);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Shared memory: [groups][M][stride] elements, then [groups][M] i32 row
  // order.
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  Value matrixElements = arith::MulIOp::create(b, m, stride);
  Value elementCount = arith::MulIOp::create(b, groups, matrixElements);
  Value elements = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared, zero,
      ValueRange{elementCount});
  int64_t elementBytes = elementByteSize(elementType);
  Value rowOrder = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, i32), shared,
      arith::MulIOp::create(b, elementCount, c(elementBytes)),
      ValueRange{arith::MulIOp::create(b, groups, m)});
  Value matrixBase = arith::MulIOp::create(b, group, matrixElements);
  Value rowOrderBase = arith::MulIOp::create(b, group, m);

  auto at = [&](ImplicitLocOpBuilder &b, Value row, Value col) -> Value {
    return arith::AddIOp::create(
        b, matrixBase,
        arith::AddIOp::create(b, arith::MulIOp::create(b, row, stride), col));
  };
  auto rowOf = [&](ImplicitLocOpBuilder &b, Value position) -> Value {
    return arith::IndexCastUIOp::create(
        b, b.getIndexType(),
        memref::LoadOp::create(
            b, rowOrder, ValueRange{arith::AddIOp::create(b, rowOrderBase,
                                                          position)}));
  };
  auto isFirstLane = [&](ImplicitLocOpBuilder &b) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, lane, zero);
  };
  auto isFirstWarp = [&](ImplicitLocOpBuilder &b) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, warp, zero);
  };
  // Rows r = first + warp, + W, ... and columns c = first + lane, + 32, ...
  auto forRowsOfWarp = [&](ImplicitLocOpBuilder &b, Value first,
                           function_ref<void(ImplicitLocOpBuilder &, Value)> f) {
    buildLoop(b, arith::AddIOp::create(b, first, warp), m, warps, f);
  };
  auto forColumnsOfLane = [&](ImplicitLocOpBuilder &b, Value first,
                              function_ref<void(ImplicitLocOpBuilder &, Value)>
                                  f) {
    buildLoop(b, arith::AddIOp::create(b, first, lane), n, warpSize, f);
  };

  Value firstMatrix = arith::MulIOp::create(b, blockId, groups);
  Value matrixStride = arith::MulIOp::create(b, gridDim, groups);
  // Every thread of a block runs the same iterations (barriers inside);
  // groups past the batch factor a copy of its last matrix and store nothing.
  buildLoop(b, firstMatrix, batch, matrixStride, [&](ImplicitLocOpBuilder &b,
                                                     Value blockFirst) {
    Value matrix = arith::AddIOp::create(b, blockFirst, group);
    Value valid =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ult, matrix, batch);
    Value source = arith::MinUIOp::create(
        b, matrix, arith::SubIOp::create(b, batch, one));

    // 1. Load.
    forRowsOfWarp(b, zero, [&](ImplicitLocOpBuilder &b, Value r) {
      forColumnsOfLane(b, zero, [&](ImplicitLocOpBuilder &b, Value col) {
        Value v = memref::LoadOp::create(b, input, ValueRange{source, r, col});
        memref::StoreOp::create(b, v, elements, at(b, r, col));
      });
      buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(
            b, arith::IndexCastUIOp::create(b, i32, r), rowOrder,
            ValueRange{arith::AddIOp::create(b, rowOrderBase, r)});
      });
    });
    gpu::BarrierOp::create(b);

    // 2. Factor.
    Value noError = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0));
    auto complexType = dyn_cast<ComplexType>(elementType);
    Type magnitudeType =
        complexType ? complexType.getElementType() : elementType;
    unsigned keyWidth = magnitudeType.getIntOrFloatBitWidth();
    Type keyType = b.getIntegerType(keyWidth);
    auto steps = scf::ForOp::create(
        b, zero, k, one, ValueRange{noError},
        [&](OpBuilder &nested, Location loc, Value kk, ValueRange iter) {
          ImplicitLocOpBuilder b(loc, nested);
          // Pivot search by warp 0 (see pivotKey).
          buildIf(b, isFirstWarp(b), [&](ImplicitLocOpBuilder &b) {
            Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
            Value noRow = arith::ConstantIntOp::create(b, i32, -1);
            auto scan = scf::ForOp::create(
                b, arith::AddIOp::create(b, kk, lane), m, warpSize,
                ValueRange{zeroKey, noRow},
                [&](OpBuilder &nested, Location loc, Value i, ValueRange best) {
                  ImplicitLocOpBuilder b(loc, nested);
                  Value v = memref::LoadOp::create(
                      b, elements, at(b, rowOf(b, i), kk));
                  Value key = pivotKey(
                      b, element, v,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, i, kk),
                      magnitudeType);
                  // Rows grow along the scan: only a larger key wins (the
                  // unsigned -1 "no row" loses every tie below).
                  Value better = arith::OrIOp::create(
                      b,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, key,
                                            best[0]),
                      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, best[1],
                                            noRow));
                  Value iInt = arith::IndexCastUIOp::create(b, i32, i);
                  scf::YieldOp::create(
                      b, ValueRange{
                             arith::SelectOp::create(b, better, key, best[0]),
                             arith::SelectOp::create(b, better, iInt, best[1])});
                });
            // Unrolled, the candidates' loads (independent: the scan stores
            // nothing) are issued together instead of one round trip each.
            ValueRange scanResults = scan.getResults();
            FailureOr<UnrolledLoopInfo> unrolledScan =
                loopUnrollByFactor(scan, kGeneratedLuScanUnroll);
            if (succeeded(unrolledScan) && unrolledScan->epilogueLoopOp)
              scanResults = unrolledScan->epilogueLoopOp->getResults();
            else if (succeeded(unrolledScan) && unrolledScan->mainLoopOp)
              scanResults = unrolledScan->mainLoopOp->getResults();
            Value bestKey = scanResults[0], bestRow = scanResults[1];
            for (int32_t offset = 16; offset >= 1; offset /= 2) {
              Value otherKey = shuffleXor(b, bestKey, offset);
              Value otherRow = shuffleXor(b, bestRow, offset);
              // Larger key, or equal key at an earlier row; lanes without a
              // row (-1 as unsigned is the largest) never win a tie.
              Value take = arith::OrIOp::create(
                  b,
                  arith::AndIOp::create(
                      b,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ne,
                                            otherRow, noRow),
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ugt,
                                            otherKey, bestKey)),
                  arith::AndIOp::create(
                      b,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                            otherKey, bestKey),
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                            otherRow, bestRow)));
              bestKey = arith::SelectOp::create(b, take, otherKey, bestKey);
              bestRow = arith::SelectOp::create(b, take, otherRow, bestRow);
            }
            buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
              Value pivotRow =
                  arith::IndexCastUIOp::create(b, b.getIndexType(), bestRow);
              Value atK = arith::AddIOp::create(b, rowOrderBase, kk);
              Value atPivot = arith::AddIOp::create(b, rowOrderBase, pivotRow);
              Value rowAtK = memref::LoadOp::create(b, rowOrder, atK);
              Value rowAtPivot = memref::LoadOp::create(b, rowOrder, atPivot);
              memref::StoreOp::create(b, rowAtPivot, rowOrder, atK);
              memref::StoreOp::create(b, rowAtK, rowOrder, atPivot);
              buildIf(b, valid, [&](ImplicitLocOpBuilder &b) {
                Value pivotValue = intType.isInteger(32)
                                       ? bestRow
                                       : arith::ExtUIOp::create(b, intType,
                                                                bestRow)
                                             .getResult();
                memref::StoreOp::create(b, pivotValue, pivots,
                                        ValueRange{matrix, kk});
              });
            });
          });
          gpu::BarrierOp::create(b);

          // Elimination below the pivot, by every warp.
          Value pivotRow = rowOf(b, kk);
          Value pivot =
              memref::LoadOp::create(b, elements, at(b, pivotRow, kk));
          Value singular = element.isZero(b, pivot);
          Value below = arith::AddIOp::create(b, kk, one);
          buildIf(b, arith::XOrIOp::create(
                         b, singular, arith::ConstantIntOp::create(b, 1, 1)),
                  [&](ImplicitLocOpBuilder &b) {
            // One division per step, then a multiplication per row (f64
            // division is a long instruction sequence); a pivot too small
            // for its reciprocal divides every row, as LAPACK's getf2 does.
            Value reciprocal = element.reciprocal(b, pivot);
            Value useReciprocal = element.reciprocalIsSafe(b, pivot);
            // A warp updates kGeneratedLuRowsPerPass rows at a time, their
            // loads issued before any store, so that the rows' shared-memory
            // round trips overlap instead of running one after another.
            Value lastRow = arith::SubIOp::create(b, m, one);
            Value passStride =
                arith::MulIOp::create(b, warps, passOffsets.back());
            buildLoop(b, arith::AddIOp::create(b, below, warp), m, passStride,
                      [&](ImplicitLocOpBuilder &b, Value firstRow) {
              SmallVector<Value> rowValid, rows, entries, multiplierAt;
              for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t) {
                Value i = arith::AddIOp::create(
                    b, firstRow,
                    arith::MulIOp::create(b, warps, passOffsets[t]));
                rowValid.push_back(arith::CmpIOp::create(
                    b, arith::CmpIPredicate::ult, i, m));
                // Rows past M read row M-1 (in bounds) and store nothing.
                Value row = rowOf(b, arith::MinUIOp::create(b, i, lastRow));
                rows.push_back(row);
                multiplierAt.push_back(at(b, row, kk));
                entries.push_back(
                    memref::LoadOp::create(b, elements, multiplierAt.back()));
              }
              auto scaled = scf::IfOp::create(
                  b, useReciprocal,
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    SmallVector<Value> products;
                    for (Value entry : entries)
                      products.push_back(element.mul(nb, entry, reciprocal));
                    scf::YieldOp::create(nb, products);
                  },
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    SmallVector<Value> quotients;
                    for (Value entry : entries)
                      quotients.push_back(element.div(nb, entry, pivot));
                    scf::YieldOp::create(nb, quotients);
                  });
              forColumnsOfLane(b, below, [&](ImplicitLocOpBuilder &b,
                                             Value col) {
                Value pivotRowEntry =
                    memref::LoadOp::create(b, elements, at(b, pivotRow, col));
                SmallVector<Value> targets, values;
                for (Value row : rows) {
                  targets.push_back(at(b, row, col));
                  values.push_back(
                      memref::LoadOp::create(b, elements, targets.back()));
                }
                for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t) {
                  Value updated = element.mulSub(
                      b, values[t], scaled.getResult(t), pivotRowEntry);
                  buildIf(b, rowValid[t], [&](ImplicitLocOpBuilder &b) {
                    memref::StoreOp::create(b, updated, elements, targets[t]);
                  });
                }
              });
              // Every lane has read a(i, k) before lane 0 replaces it.
              NVVM::SyncWarpOp::create(b,
                                       arith::ConstantIntOp::create(b, i32, -1));
              buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
                for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t)
                  buildIf(b, rowValid[t], [&](ImplicitLocOpBuilder &b) {
                    memref::StoreOp::create(b, scaled.getResult(t), elements,
                                            multiplierAt[t]);
                  });
              });
            });
          });
          gpu::BarrierOp::create(b);

          // info: the first zero pivot, 1-based.
          Value firstError = arith::AndIOp::create(
              b, singular,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, iter[0],
                                    noError));
          scf::YieldOp::create(
              b, ValueRange{arith::SelectOp::create(
                     b, firstError, arith::IndexCastOp::create(b, intType, below),
                     iter[0])});
        });

    // 3. Store, rows in pivot order.
    buildIf(b, valid, [&](ImplicitLocOpBuilder &b) {
      forRowsOfWarp(b, zero, [&](ImplicitLocOpBuilder &b, Value r) {
        Value row = rowOf(b, r);
        forColumnsOfLane(b, zero, [&](ImplicitLocOpBuilder &b, Value col) {
          Value v = memref::LoadOp::create(b, elements, at(b, row, col));
          memref::StoreOp::create(b, v, lu, ValueRange{matrix, r, col});
        });
        if (permutation)
          buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
            memref::StoreOp::create(
                b, arith::IndexCastUIOp::create(b, intType, row), permutation,
                ValueRange{matrix, r});
          });
      });
      buildIf(b,
              arith::AndIOp::create(b, isFirstWarp(b), isFirstLane(b)),
              [&](ImplicitLocOpBuilder &b) {
                memref::StoreOp::create(b, steps.getResult(0), info, matrix);
              });
    });
    // Shared memory is refilled by the next iteration.
    gpu::BarrierOp::create(b);
  });
}


//===----------------------------------------------------------------------===//
// The look-ahead panel kernel
//===----------------------------------------------------------------------===//

namespace {

/// The high 32 bits of |x|'s bit pattern (all of them for f32): orders like
/// |x| up to ties of the low word, which only the full search looks at.
Value magnitudeHighWord(ImplicitLocOpBuilder &b, Value x) {
  Type i32 = b.getI32Type();
  Value bits;
  if (x.getType().isF64()) {
    Value wide = arith::BitcastOp::create(b, b.getI64Type(), x);
    bits = arith::TruncIOp::create(
        b, i32,
        arith::ShRUIOp::create(b, wide,
                               arith::ConstantIntOp::create(b, b.getI64Type(),
                                                            32)));
  } else {
    bits = arith::BitcastOp::create(b, i32, x);
  }
  return arith::AndIOp::create(
      b, bits, arith::ConstantIntOp::create(b, i32, 0x7fffffff));
}

/// Whether the real value x is finite: its magnitude's high word below
/// the infinities'.
Value isFiniteValue(ImplicitLocOpBuilder &b, Value x) {
  int64_t infinityHigh = x.getType().isF64() ? 0x7ff00000 : 0x7f800000;
  return arith::CmpIOp::create(
      b, arith::CmpIPredicate::ult, magnitudeHighWord(b, x),
      arith::ConstantIntOp::create(b, b.getI32Type(), infinityHigh));
}

/// 1 / x for a pivot whose high word lies in [kPanelLuNormalHigh,
/// kPanelLuReciprocalHigh): the hardware approximation refined by Newton
/// steps (within an ulp), without rcp.rn's slow-path branch, which would
/// end the basic block ptxas schedules the step's chain in.
Value fastReciprocal(ImplicitLocOpBuilder &b, Value x) {
  Type type = x.getType();
  bool isF64 = type.isF64();
  Value r = LLVM::InlineAsmOp::create(
                b, type, ValueRange{x},
                isF64 ? "rcp.approx.ftz.f64 $0, $1;" : "rcp.approx.ftz.f32 $0, $1;",
                isF64 ? "=d,d" : "=f,f", /*has_side_effects=*/false,
                /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
                LLVM::AsmDialectAttr::get(b.getContext(),
                                          LLVM::AsmDialect::AD_ATT),
                ArrayAttr())
                .getResult(0);
  Value one = arith::ConstantOp::create(b, b.getFloatAttr(type, 1.0));
  Value negX = arith::NegFOp::create(b, x);
  auto newton = [&](Value r) -> Value {
    Value e = math::FmaOp::create(b, negX, r, one);
    return math::FmaOp::create(b, r, e, r);
  };
  // f32: one step from the ~23-bit approximation; f64: the approximation's
  // error squared first, then one step.
  if (!isF64)
    return newton(r);
  Value e = math::FmaOp::create(b, negX, r, one);
  e = math::FmaOp::create(b, e, e, e);
  r = math::FmaOp::create(b, r, e, r);
  return newton(r);
}

/// `value`, computed before this point: an empty volatile asm reads and
/// rewrites it, so that LLVM cannot sink its computation past the point
/// (into the branch that uses it, after the reduction it should overlap).
Value pinValue(ImplicitLocOpBuilder &b, Value value) {
  Type type = value.getType();
  std::string constraint = type.isF64()   ? "=d,0"
                           : type.isF32() ? "=f,0"
                                          : "=r,0";
  return LLVM::InlineAsmOp::create(
             b, type, ValueRange{value}, "", constraint,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
             ArrayAttr())
      .getResult(0);
}

} // namespace

void buildPanelLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                            Type elementType, Type intType,
                            bool withPermutation, PanelLuShape shape) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  if (shape.exact) {
    input = withStaticTrailingSizes(b, input, {shape.rows, shape.cols});
    lu = withStaticTrailingSizes(b, lu, {shape.rows, shape.cols});
    pivots =
        withStaticTrailingSizes(b, pivots, {std::min(shape.rows, shape.cols)});
    if (permutation)
      permutation = withStaticTrailingSizes(b, permutation, {shape.rows});
  }
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  constexpr int64_t NB = PanelLuShape::kPanelColumns;
  constexpr int64_t TW = PanelLuShape::kWarps - 1; // trailing warps
  const int64_t rowSlots = shape.rowSlots();
  const int64_t columnSlots = shape.columnSlots();
  const int64_t listSize = PanelLuShape::listSize(shape.rows);
  Type i32 = b.getI32Type(), i1 = b.getI1Type(), indexType = b.getIndexType();
  Type keyType = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  using P = arith::CmpIPredicate;
  auto index = [](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto negate = [&](ImplicitLocOpBuilder &b, Value x) -> Value {
    return arith::XOrIOp::create(b, x, arith::ConstantIntOp::create(b, i1, 1));
  };
  auto toI32 = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, i32, v);
  };
  auto toIndex = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, indexType, v);
  };
  auto toIntType = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return intType.isInteger(32) ? v : arith::ExtSIOp::create(b, intType, v);
  };
  auto fma = [](ImplicitLocOpBuilder &b, Value negLhs, Value rhs,
                Value acc) -> Value {
    return math::FmaOp::create(b, negLhs, rhs, acc);
  };
  auto bit = [&](ImplicitLocOpBuilder &b, Value bits, int64_t i) -> Value {
    return cmp(b, P::ne, arith::AndIOp::create(b, bits, int32(b, 1 << i)),
               int32(b, 0));
  };
  auto reduce = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                    Value v) -> Value {
    return NVVM::ReduxOp::create(b, i32, v, kind, int32(b, -1));
  };
  auto ballot = [&](ImplicitLocOpBuilder &b, Value condition) -> Value {
    return NVVM::VoteSyncOp::create(b, i32, int32(b, -1), condition,
                                    NVVM::VoteSyncKind::ballot);
  };
  auto shuffle = [](ImplicitLocOpBuilder &b, Value v, Value lane) -> Value {
    return shuffleValue(b, v, lane, gpu::ShuffleMode::IDX);
  };
  auto syncWarp = [&](ImplicitLocOpBuilder &b) {
    NVVM::SyncWarpOp::create(b, int32(b, -1));
  };
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  // acc - l * u where `applies`, acc elsewhere (an elimination's entry).
  // With u known finite a zero multiplier does it without a select an
  // entry (exact up to the sign of a zero entry; 0 * Inf would be NaN),
  // else a select. The negation goes on u, not on the selected multiplier:
  // LLVM would push it into the select, and ptxas computes it there by a
  // DADD.
  auto subtractMultiple = [&](ImplicitLocOpBuilder &b, Value applies, Value l,
                              Value u, Value acc, bool uFinite) -> Value {
    if (uFinite)
      return fma(b, select(b, applies, l, zeroValue),
                 arith::NegFOp::create(b, u), acc);
    return select(b, applies, fma(b, arith::NegFOp::create(b, l), u, acc), acc);
  };
  // High words of |pivot| between which fastReciprocal holds: the smallest
  // normal number and 2^(emax - 2), whose reciprocal is normal.
  const bool isF64 = elementType.isF64();
  const int64_t normalHigh = isF64 ? 0x00100000 : 0x00800000;
  const int64_t reciprocalHigh = isF64 ? 0x7fd00000 : 0x7e800000;

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value panels = arith::CeilDivUIOp::create(b, k, index(b, NB));
  Value stride = index(b, shape.rowStride());
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value laneI32 = toI32(b, lane);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Dynamic shared memory (PanelLuShape::sharedBytes): the matrix at the
  // odd row stride of the size bound, then i32: the row at each position,
  // and by panel parity the list of unused rows, the pivot rows and (count,
  // zero steps).
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t elementBytes = elementByteSize(elementType);
  Value matrixBytes = index(b, shape.matrixBytes(elementBytes));
  Value a = memref::ViewOp::create(
      b, workgroupMemRef({shape.rows * shape.rowStride()}, elementType), shared,
      index(b, 0), ValueRange());
  Value ints = memref::ViewOp::create(
      b, workgroupMemRef({PanelLuShape::intCount(shape.rows)}, i32), shared,
      matrixBytes, ValueRange());
  const int64_t orderAt = 0, listAt = listSize, pivotRowsAt = 3 * listSize,
                metaAt = 3 * listSize + 2 * NB;
  auto at = [&](ImplicitLocOpBuilder &b, Value row, Value col) -> Value {
    return add(b, mul(b, row, stride), col);
  };
  auto loadA = [&](ImplicitLocOpBuilder &b, Value row, Value col) -> Value {
    return memref::LoadOp::create(b, a, at(b, row, col));
  };
  auto loadInt = [&](ImplicitLocOpBuilder &b, Value offset) -> Value {
    return memref::LoadOp::create(b, ints, offset);
  };
  auto storeInt = [&](ImplicitLocOpBuilder &b, Value v, Value offset) {
    memref::StoreOp::create(b, v, ints, offset);
  };
  SmallVector<Value> rows;
  for (int64_t r = 0; r < rowSlots; ++r)
    rows.push_back(add(b, lane, index(b, 32 * r)));

  // The thread's panel registers: q[r * NB + c] = row slot r, column c.
  auto qAt = [](int64_t r, int64_t c) { return r * NB + c; };
  // Columns [col0, col0 + width) of the lane's rows from shared memory
  // (zeros outside the matrix or past `width`).
  auto loadPanel = [&](ImplicitLocOpBuilder &b, Value col0,
                       Value width) -> SmallVector<Value> {
    SmallVector<Value> panel;
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value rowValid = cmp(b, P::ult, rows[r], m);
      Value row = select(b, rowValid, rows[r], index(b, 0));
      for (int64_t c = 0; c < NB; ++c) {
        Value valid = both(b, rowValid, cmp(b, P::ult, index(b, c), width));
        Value col = select(b, valid, add(b, col0, index(b, c)), index(b, 0));
        panel.push_back(select(b, valid, loadA(b, row, col), zeroValue));
      }
    }
    return panel;
  };

  // The panel warp (warp 0): factors the panels in registers, publishes
  // each (its columns in shared memory; pivot rows, zero steps and the
  // unused rows by parity), meets the others at the panel's barrier, then
  // applies the panel to the next one itself (look-ahead) and goes on.
  auto buildPanelWarp = [&](ImplicitLocOpBuilder &b, Value matrix) {
    const int64_t positionAt = rowSlots * NB, firstZeroAt = positionAt + rowSlots;
    SmallVector<Value> init =
        loadPanel(b, index(b, 0), arith::MinUIOp::create(b, k, index(b, NB)));
    for (int64_t r = 0; r < rowSlots; ++r)
      init.push_back(select(b, cmp(b, P::ult, rows[r], m), toI32(b, rows[r]),
                            int32(b, -1)));
    init.push_back(int32(b, 0));
    auto panelLoop = scf::ForOp::create(
        b, index(b, 0), panels, index(b, 1), init,
        [&](OpBuilder &nested, Location loc, Value panel, ValueRange iter) {
      ImplicitLocOpBuilder b(loc, nested);
      SmallVector<Value> q(iter.begin(), iter.begin() + positionAt);
      SmallVector<Value> position(iter.begin() + positionAt,
                                  iter.begin() + firstZeroAt);
      Value firstZero = iter[firstZeroAt];
      Value k0 = mul(b, panel, index(b, NB));
      Value k0I32 = toI32(b, k0);
      Value steps = arith::MinUIOp::create(b, arith::SubIOp::create(b, k, k0),
                                           index(b, NB));
      Value parity = arith::AndIOp::create(b, panel, index(b, 1));
      Value zeroBits = int32(b, 0);
      SmallVector<Value> pivotRow(NB, int32(b, 0));

      for (int64_t c = 0; c < NB; ++c) {
        auto pack = [&](ArrayRef<Value> q, ArrayRef<Value> position,
                        Value firstZero, Value zeroBits,
                        Value pivotRowOfStep) -> SmallVector<Value> {
          SmallVector<Value> state(q);
          state.append(position.begin(), position.end());
          state.append({firstZero, zeroBits, pivotRowOfStep});
          return state;
        };
        // Step k0 + c, when the panel has it: the pivot, the row exchange,
        // the scaling and the update of the panel's later columns.
        auto step = [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
          Value kStep = add(b, k0I32, int32(b, c));
          // The lane's candidate first: the largest high word among its
          // open rows, that row's slot, value, position, reciprocal and
          // later panel entries. Only shuffles from the winner follow the
          // reduction on the fast path.
          SmallVector<Value> open, high;
          Value laneMax;
          for (int64_t r = 0; r < rowSlots; ++r) {
            open.push_back(cmp(b, P::sge, position[r], kStep));
            high.push_back(select(b, open[r],
                                  magnitudeHighWord(b, q[qAt(r, c)]),
                                  int32(b, 0)));
            laneMax = r ? arith::MaxUIOp::create(b, laneMax, high[r]).getResult()
                        : high[r];
          }
          // The reduction first in program order: a warp-synchronous
          // instruction begins a basic block for ptxas (its convergence
          // check), so what precedes it in the PTX is issued before it. The
          // candidate's selects and its reciprocal's Newton chain go after,
          // where they run while the reduction is in flight.
          Value top = reduce(b, NVVM::ReduxKind::UMAX, laneMax);
          Value mySlot = int32(b, 0), holding = int32(b, 0);
          for (int64_t r = rowSlots - 1; r >= 0; --r) {
            Value holds = both(b, open[r], cmp(b, P::eq, high[r], laneMax));
            mySlot = select(b, holds, int32(b, r), mySlot);
            holding = add(b, holding, arith::ExtUIOp::create(b, i32, holds));
          }
          Value cand = q[qAt(0, c)], candPos = position[0];
          SmallVector<Value> candRow(NB);
          for (int64_t j = c + 1; j < NB; ++j)
            candRow[j] = q[qAt(0, j)];
          for (int64_t r = 1; r < rowSlots; ++r) {
            Value isSlot = cmp(b, P::eq, mySlot, int32(b, r));
            cand = select(b, isSlot, q[qAt(r, c)], cand);
            candPos = select(b, isSlot, position[r], candPos);
            for (int64_t j = c + 1; j < NB; ++j)
              candRow[j] = select(b, isSlot, q[qAt(r, j)], candRow[j]);
          }
          // The fast path also asks for the winner's later panel entries to
          // be finite: its rows that do not update then take a zero
          // multiplier instead of a select an entry (0 * Inf would be NaN).
          Value rowFinite = arith::ConstantIntOp::create(b, i1, 1);
          for (int64_t j = c + 1; j < NB; ++j)
            rowFinite = both(b, rowFinite, isFiniteValue(b, candRow[j]));
          Value isTop = cmp(b, P::eq, laneMax, top);
          Value holders = ballot(b, isTop);
          Value irregular = ballot(
              b, both(b, isTop,
                      arith::OrIOp::create(
                          b, cmp(b, P::ugt, holding, int32(b, 1)),
                          negate(b, rowFinite))));
          // Computed in the shadow of the reduction and the ballots (pinned
          // here, before the branch, so that LLVM does not sink them into
          // the fast path, where they would follow the branch in line).
          Value candInverse = pinValue(b, fastReciprocal(b, cand));
          cand = pinValue(b, cand);
          candPos = pinValue(b, candPos);
          for (int64_t j = c + 1; j < NB; ++j)
            candRow[j] = pinValue(b, candRow[j]);

          // The step with its pivot found. `slow` is known here: the fast
          // path's pivot is normal with a normal reciprocal, so its code
          // holds neither the zero pivot's branch nor divisions.
          auto finish = [&](ImplicitLocOpBuilder &b, Value from,
                            Value pivotSlot, Value pivot, Value pivotPos,
                            Value inverse, ArrayRef<Value> u,
                            bool slow) -> SmallVector<Value> {
            Value pivotRowOfStep = add(b, from, mul(b, pivotSlot, int32(b, 32)));
            Value isFrom = cmp(b, P::eq, laneI32, from);
            SmallVector<Value> here, newPosition;
            for (int64_t r = 0; r < rowSlots; ++r) {
              here.push_back(
                  both(b, isFrom, cmp(b, P::eq, pivotSlot, int32(b, r))));
              newPosition.push_back(select(
                  b, here[r], kStep,
                  select(b, cmp(b, P::eq, position[r], kStep), pivotPos,
                         position[r])));
            }
            // Every lane stores the same value to the same address: no
            // branch on the chain.
            memref::StoreOp::create(b, toIntType(b, pivotPos), pivots,
                                    ValueRange{matrix, toIndex(b, kStep)});
            auto eliminate = [&](ImplicitLocOpBuilder &b,
                                 bool divide) -> SmallVector<Value> {
              SmallVector<Value> next(q);
              for (int64_t r = 0; r < rowSlots; ++r) {
                Value below = both(b, open[r], negate(b, here[r]));
                Value value = q[qAt(r, c)];
                Value l = divide ? element.div(b, value, pivot)
                                 : element.mul(b, value, inverse);
                next[qAt(r, c)] = select(b, below, l, value);
                // On the fast path the pivot row's entries u are finite.
                for (int64_t j = c + 1; j < NB; ++j)
                  next[qAt(r, j)] = subtractMultiple(b, below, l, u[j],
                                                     q[qAt(r, j)], !slow);
              }
              return pack(next, newPosition, firstZero, zeroBits,
                          pivotRowOfStep);
            };
            if (!slow)
              return eliminate(b, /*divide=*/false);
            return buildIfElse(
                b, element.isZero(b, pivot),
                [&](ImplicitLocOpBuilder &b) {
                  // A zero pivot neither scales nor updates; info is the
                  // first one's step + 1.
                  Value noneYet = cmp(b, P::eq, firstZero, int32(b, 0));
                  return pack(q, newPosition,
                              select(b, noneYet, add(b, kStep, int32(b, 1)),
                                     firstZero),
                              arith::OrIOp::create(b, zeroBits,
                                                   int32(b, 1 << c)),
                              pivotRowOfStep);
                },
                [&](ImplicitLocOpBuilder &b) {
                  Value magnitude = magnitudeHighWord(b, pivot);
                  Value multiplies = both(
                      b, cmp(b, P::uge, magnitude, int32(b, normalHigh)),
                      cmp(b, P::ult, magnitude, int32(b, reciprocalHigh)));
                  return buildIfElse(
                      b, multiplies,
                      [&](ImplicitLocOpBuilder &b) { return eliminate(b, false); },
                      [&](ImplicitLocOpBuilder &b) { return eliminate(b, true); });
                });
          };

          Value fast = both(
              b,
              both(b,
                   cmp(b, P::eq, math::CtPopOp::create(b, holders), int32(b, 1)),
                   cmp(b, P::eq, irregular, int32(b, 0))),
              both(b, cmp(b, P::uge, top, int32(b, normalHigh)),
                   cmp(b, P::ult, top, int32(b, reciprocalHigh))));
          return buildIfElse(
              b, fast,
              [&](ImplicitLocOpBuilder &b) {
                Value from = math::CountTrailingZerosOp::create(b, holders);
                SmallVector<Value> u(NB);
                for (int64_t j = c + 1; j < NB; ++j)
                  u[j] = shuffle(b, candRow[j], from);
                return finish(b, from, shuffle(b, mySlot, from),
                              shuffle(b, cand, from), shuffle(b, candPos, from),
                              shuffle(b, candInverse, from), u, /*slow=*/false);
              },
              [&](ImplicitLocOpBuilder &b) {
                // Ties, zeros, NaN, Inf, extreme pivots: the full 64-bit
                // keys (pivotKey's NaN rules), then the first position
                // holding the largest.
                Value bestKey = arith::ConstantIntOp::create(b, keyType, 0);
                Value bestPos = int32(b, 1 << 30), bestSlot = int32(b, 0);
                for (int64_t r = 0; r < rowSlots; ++r) {
                  Value key = select(
                      b, open[r],
                      pivotKey(b, element, q[qAt(r, c)],
                               cmp(b, P::eq, position[r], kStep), elementType),
                      arith::ConstantIntOp::create(b, keyType, 0));
                  Value take = both(
                      b, open[r],
                      arith::OrIOp::create(
                          b, cmp(b, P::ugt, key, bestKey),
                          both(b, cmp(b, P::eq, key, bestKey),
                               cmp(b, P::slt, position[r], bestPos))));
                  bestKey = select(b, take, key, bestKey);
                  bestPos = select(b, take, position[r], bestPos);
                  bestSlot = select(b, take, int32(b, r), bestSlot);
                }
                Value best = reduceMaxKey(
                    b, bestKey, [&](ImplicitLocOpBuilder &b, Value v) {
                      return reduce(b, NVVM::ReduxKind::UMAX, v);
                    });
                Value tied = cmp(b, P::eq, bestKey, best);
                Value firstPos = reduce(b, NVVM::ReduxKind::UMIN,
                                        select(b, tied, bestPos, int32(b, -1)));
                Value from = math::CountTrailingZerosOp::create(
                    b, ballot(b, both(b, tied, cmp(b, P::eq, bestPos, firstPos))));
                Value pivotSlot = shuffle(b, bestSlot, from);
                auto ofPivotSlot = [&](int64_t j) {
                  Value v = q[qAt(0, j)];
                  for (int64_t r = 1; r < rowSlots; ++r)
                    v = select(b, cmp(b, P::eq, pivotSlot, int32(b, r)),
                               q[qAt(r, j)], v);
                  return shuffle(b, v, from);
                };
                SmallVector<Value> u(NB);
                for (int64_t j = c + 1; j < NB; ++j)
                  u[j] = ofPivotSlot(j);
                Value pivot = ofPivotSlot(c);
                return finish(b, from, pivotSlot, pivot,
                              shuffle(b, bestPos, from), fastReciprocal(b, pivot),
                              u, /*slow=*/true);
              });
        };
        SmallVector<Value> state = buildIfElse(
            b, cmp(b, P::ult, index(b, c), steps), step,
            [&](ImplicitLocOpBuilder &) {
              return pack(q, position, firstZero, zeroBits, pivotRow[c]);
            });
        q.assign(state.begin(), state.begin() + positionAt);
        position.assign(state.begin() + positionAt, state.begin() + firstZeroAt);
        firstZero = state[firstZeroAt];
        zeroBits = state[firstZeroAt + 1];
        pivotRow[c] = state[firstZeroAt + 2];
      }

      // Publish the panel: its columns, its pivot rows (lane t: step t's),
      // its zero steps and the rows still unused, listed in whole groups of
      // four (the last group repeats the last row: duplicates compute the
      // same values from the same data).
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value rowValid = cmp(b, P::ult, rows[r], m);
        for (int64_t c = 0; c < NB; ++c)
          buildIf(b, both(b, rowValid, cmp(b, P::ult, index(b, c), steps)),
                  [&](ImplicitLocOpBuilder &b) {
            memref::StoreOp::create(b, q[qAt(r, c)], a,
                                    at(b, rows[r], add(b, k0, index(b, c))));
          });
      }
      Value mine = pivotRow[0];
      for (int64_t t = 1; t < NB; ++t)
        mine = select(b, cmp(b, P::eq, lane, index(b, t)), pivotRow[t], mine);
      buildIf(b, cmp(b, P::ult, lane, index(b, NB)),
              [&](ImplicitLocOpBuilder &b) {
        storeInt(b, mine,
                 add(b, add(b, mul(b, parity, index(b, NB)), lane),
                     index(b, pivotRowsAt)));
      });
      Value listBase = add(b, mul(b, parity, index(b, listSize)), index(b, listAt));
      Value firstI32 = toI32(b, add(b, k0, steps));
      Value lanesBelow = arith::SubIOp::create(
          b, arith::ShLIOp::create(b, int32(b, 1), laneI32), int32(b, 1));
      Value count = int32(b, 0);
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value unused = cmp(b, P::sge, position[r], firstI32);
        Value unusedLanes = ballot(b, unused);
        Value slotIndex = add(
            b, count,
            math::CtPopOp::create(b, arith::AndIOp::create(b, unusedLanes,
                                                           lanesBelow)));
        buildIf(b, unused, [&](ImplicitLocOpBuilder &b) {
          storeInt(b, toI32(b, rows[r]), add(b, listBase, toIndex(b, slotIndex)));
        });
        count = add(b, count, math::CtPopOp::create(b, unusedLanes));
      }
      syncWarp(b);
      Value padding = arith::AndIOp::create(
          b, arith::SubIOp::create(b, int32(b, 0), count), int32(b, 3));
      buildIf(b,
              both(b, cmp(b, P::sgt, count, int32(b, 0)),
                   cmp(b, P::slt, laneI32, padding)),
              [&](ImplicitLocOpBuilder &b) {
        Value end = add(b, listBase, toIndex(b, count));
        storeInt(b, loadInt(b, arith::SubIOp::create(b, end, index(b, 1))),
                 add(b, end, lane));
      });
      Value metaBase = add(b, mul(b, parity, index(b, 2)), index(b, metaAt));
      storeInt(b, count, metaBase);
      storeInt(b, zeroBits, add(b, metaBase, index(b, 1)));
      gpu::BarrierOp::create(b);

      // Look-ahead: the next panel's columns, with this panel applied.
      SmallVector<Value> nextQ = buildIfElse(
          b, cmp(b, P::ult, add(b, panel, index(b, 1)), panels),
          [&](ImplicitLocOpBuilder &b) {
            Value n0 = add(b, k0, index(b, NB));
            SmallVector<Value> next = loadPanel(
                b, n0,
                arith::MinUIOp::create(b, arith::SubIOp::create(b, k, n0),
                                       index(b, NB)));
            // The panel's U block over these columns (its pivot rows), by
            // forward substitution from shared memory, in every lane: all
            // NB columns' NB * (NB - 1) / 2 multiply-adds each instead of
            // one column's, but no hand-over from the lanes that computed
            // them (a store, a warp sync and loads on the panel warp's
            // chain). Columns past the matrix read its last one; their
            // results are never stored.
            SmallVector<Value> cols;
            for (int64_t j = 0; j < NB; ++j)
              cols.push_back(arith::MinUIOp::create(
                  b, add(b, n0, index(b, j)),
                  arith::SubIOp::create(b, n, index(b, 1))));
            auto uAt = [](int64_t t, int64_t j) { return t * NB + j; };
            SmallVector<Value> u(NB * NB);
            for (int64_t t = 0; t < NB; ++t) {
              Value pivotRowIndex = toIndex(b, pivotRow[t]);
              Value live = cmp(b, P::ult, index(b, t), steps);
              SmallVector<Value> negL;
              for (int64_t s = 0; s < t; ++s)
                negL.push_back(arith::NegFOp::create(
                    b, loadA(b, pivotRowIndex, add(b, k0, index(b, s)))));
              for (int64_t j = 0; j < NB; ++j) {
                Value v = select(b, live, loadA(b, pivotRowIndex, cols[j]),
                                 zeroValue);
                for (int64_t s = 0; s < t; ++s)
                  v = select(b, bit(b, zeroBits, s), v,
                             fma(b, negL[s], u[uAt(s, j)], v));
                u[uAt(t, j)] = v;
              }
            }
            // Whether the U block is finite (the same in every lane): then
            // the rows that do not update take a zero multiplier rather
            // than a select an entry.
            Value uFinite = arith::ConstantIntOp::create(b, i1, 1);
            for (Value v : u)
              uFinite = both(b, uFinite, isFiniteValue(b, v));
            // Every row slot: step t applies to the rows below it (a later
            // position), independent chains of fused multiply-adds.
            auto update = [&](ImplicitLocOpBuilder &b,
                              bool uIsFinite) -> SmallVector<Value> {
              SmallVector<Value> updated(next);
              for (int64_t t = 0; t < NB; ++t) {
                Value live = both(b, cmp(b, P::ult, index(b, t), steps),
                                  negate(b, bit(b, zeroBits, t)));
                for (int64_t r = 0; r < rowSlots; ++r) {
                  Value updates = both(
                      b, live,
                      cmp(b, P::sgt, position[r], add(b, k0I32, int32(b, t))));
                  for (int64_t j = 0; j < NB; ++j)
                    updated[qAt(r, j)] =
                        subtractMultiple(b, updates, q[qAt(r, t)], u[uAt(t, j)],
                                         updated[qAt(r, j)], uIsFinite);
                }
              }
              return updated;
            };
            next = buildIfElse(
                b, uFinite,
                [&](ImplicitLocOpBuilder &b) { return update(b, true); },
                [&](ImplicitLocOpBuilder &b) { return update(b, false); });
            return next;
          },
          [&](ImplicitLocOpBuilder &) { return SmallVector<Value>(q); });
      SmallVector<Value> yielded(nextQ);
      yielded.append(position.begin(), position.end());
      yielded.push_back(firstZero);
      scf::YieldOp::create(b, yielded);
    });
    // The row at each position (the permutation) and info.
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value position = panelLoop.getResult(positionAt + r);
      buildIf(b, cmp(b, P::sge, position, int32(b, 0)),
              [&](ImplicitLocOpBuilder &b) {
        storeInt(b, toI32(b, rows[r]),
                 add(b, toIndex(b, position), index(b, orderAt)));
      });
    }
    memref::StoreOp::create(b, toIntType(b, panelLoop.getResult(firstZeroAt)),
                            info, matrix);
  };

  // The trailing warps (1..W-1): after panel p's barrier, its update of the
  // columns past panel p + 1 (the panel warp takes p + 1's): the panel's U
  // rows there by forward substitution (each warp all of them; the first
  // stores them once every warp has read the pivot rows), then the rank-NB
  // update of the unused rows, their groups of four shared round-robin,
  // the next group's data loaded while the current one computes.
  auto buildTrailingWarps = [&](ImplicitLocOpBuilder &b, Value matrix) {
    Value trailingWarp = arith::SubIOp::create(b, warp, index(b, 1));
    buildLoop(b, index(b, 0), panels, index(b, 1),
              [&](ImplicitLocOpBuilder &b, Value panel) {
      gpu::BarrierOp::create(b);
      Value k0 = mul(b, panel, index(b, NB));
      Value steps = arith::MinUIOp::create(b, arith::SubIOp::create(b, k, k0),
                                           index(b, NB));
      Value parity = arith::AndIOp::create(b, panel, index(b, 1));
      // Past the next panel: what the panel warp's look-ahead leaves (it
      // takes the next panel's columns below K; past K, as in a wide
      // matrix, the columns are all the trailing warps').
      Value first = arith::MinUIOp::create(b, add(b, k0, index(b, 2 * NB)), k);
      buildIf(b, cmp(b, P::ult, first, n), [&](ImplicitLocOpBuilder &b) {
        SmallVector<Value> pivotRow;
        for (int64_t t = 0; t < NB; ++t)
          pivotRow.push_back(toIndex(
              b, loadInt(b, add(b, mul(b, parity, index(b, NB)),
                                index(b, pivotRowsAt + t)))));
        Value metaBase = add(b, mul(b, parity, index(b, 2)), index(b, metaAt));
        Value groups = arith::CeilDivUIOp::create(
            b, toIndex(b, loadInt(b, metaBase)), index(b, 4));
        Value zeroBits = loadInt(b, add(b, metaBase, index(b, 1)));
        Value listBase =
            add(b, mul(b, parity, index(b, listSize)), index(b, listAt));

        auto share = [&](ImplicitLocOpBuilder &b, int64_t slots) {
          SmallVector<Value> col, valid;
          for (int64_t s = 0; s < slots; ++s) {
            Value j = add(b, first, add(b, lane, index(b, 32 * s)));
            valid.push_back(cmp(b, P::ult, j, n));
            col.push_back(select(b, valid[s], j, first));
          }
          auto xAt = [&](int64_t t, int64_t s) { return t * slots + s; };
          // Zero steps' multipliers must not apply (a branch, not a select
          // an element, on panels without them).
          auto substitute = [&](ImplicitLocOpBuilder &b,
                                bool skipZeroSteps) -> SmallVector<Value> {
            SmallVector<Value> x(NB * slots);
            for (int64_t t = 0; t < NB; ++t) {
              Value live = cmp(b, P::ult, index(b, t), steps);
              Value panelStart = add(b, mul(b, pivotRow[t], stride), k0);
              SmallVector<Value> l11;
              for (int64_t s = 0; s < t; ++s)
                l11.push_back(arith::NegFOp::create(
                    b, memref::LoadOp::create(b, a,
                                              add(b, panelStart, index(b, s)))));
              for (int64_t s = 0; s < slots; ++s) {
                Value v =
                    select(b, live, loadA(b, pivotRow[t], col[s]), zeroValue);
                for (int64_t p = 0; p < t; ++p) {
                  Value updated = fma(b, l11[p], x[xAt(p, s)], v);
                  v = skipZeroSteps
                          ? select(b, bit(b, zeroBits, p), v, updated)
                          : updated;
                }
                x[xAt(t, s)] = v;
              }
            }
            return x;
          };
          SmallVector<Value> x = buildIfElse(
              b, cmp(b, P::eq, zeroBits, int32(b, 0)),
              [&](ImplicitLocOpBuilder &b) { return substitute(b, false); },
              [&](ImplicitLocOpBuilder &b) { return substitute(b, true); });
          if (TW > 1)
            NVVM::BarrierOp::create(b, TypeRange(), int32(b, 1),
                                    int32(b, 32 * TW), {}, Value());
          buildIf(b, cmp(b, P::eq, trailingWarp, index(b, 0)),
                  [&](ImplicitLocOpBuilder &b) {
            for (int64_t t = 0; t < NB; ++t)
              for (int64_t s = 0; s < slots; ++s)
                buildIf(b, both(b, cmp(b, P::ult, index(b, t), steps), valid[s]),
                        [&](ImplicitLocOpBuilder &b) {
                  memref::StoreOp::create(b, x[xAt(t, s)], a,
                                          at(b, pivotRow[t], col[s]));
                });
          });
          // Zero steps neither scale nor update: their U rows drop out.
          for (int64_t t = 0; t < NB; ++t) {
            Value applies = both(b, cmp(b, P::ult, index(b, t), steps),
                                 negate(b, bit(b, zeroBits, t)));
            for (int64_t s = 0; s < slots; ++s)
              x[xAt(t, s)] = select(b, applies, x[xAt(t, s)], zeroValue);
          }
          // A group's rows, then their multipliers and entries.
          // (Addresses as a row's base plus constants, which become the
          // loads' immediate offsets.)
          auto loadGroup = [&](ImplicitLocOpBuilder &b,
                               Value group) -> SmallVector<Value> {
            SmallVector<Value> data, rowStart;
            Value base = add(b, listBase, mul(b, group, index(b, 4)));
            for (int64_t i = 0; i < 4; ++i) {
              data.push_back(toIndex(b, loadInt(b, add(b, base, index(b, i)))));
              rowStart.push_back(mul(b, data[i], stride));
            }
            for (int64_t i = 0; i < 4; ++i) {
              Value panelStart = add(b, rowStart[i], k0);
              for (int64_t t = 0; t < NB; ++t)
                data.push_back(memref::LoadOp::create(
                    b, a, add(b, panelStart, index(b, t))));
            }
            for (int64_t i = 0; i < 4; ++i)
              for (int64_t s = 0; s < slots; ++s)
                data.push_back(
                    memref::LoadOp::create(b, a, add(b, rowStart[i], col[s])));
            return data;
          };
          buildIf(b, cmp(b, P::ult, trailingWarp, groups),
                  [&](ImplicitLocOpBuilder &b) {
            Value lastGroup = arith::SubIOp::create(b, groups, index(b, 1));
            scf::ForOp::create(
                b, trailingWarp, groups, index(b, TW), loadGroup(b, trailingWarp),
                [&](OpBuilder &nested, Location loc, Value group,
                    ValueRange current) {
              ImplicitLocOpBuilder b(loc, nested);
              SmallVector<Value> next = loadGroup(
                  b, arith::MinUIOp::create(b, add(b, group, index(b, TW)),
                                            lastGroup));
              for (int64_t i = 0; i < 4; ++i)
                for (int64_t s = 0; s < slots; ++s) {
                  Value acc = current[4 + 4 * NB + i * slots + s];
                  for (int64_t t = 0; t < NB; ++t)
                    acc = fma(b, arith::NegFOp::create(b, current[4 + i * NB + t]),
                              x[xAt(t, s)], acc);
                  buildIf(b, valid[s], [&](ImplicitLocOpBuilder &b) {
                    memref::StoreOp::create(b, acc, a, at(b, current[i], col[s]));
                  });
                }
              scf::YieldOp::create(b, next);
            });
          });
        };
        // As many column slots as the columns past the next panel need.
        Value slotsNeeded = arith::CeilDivUIOp::create(
            b, arith::SubIOp::create(b, n, first), index(b, 32));
        std::function<void(ImplicitLocOpBuilder &, int64_t)> dispatch =
            [&](ImplicitLocOpBuilder &b, int64_t slots) {
              if (slots == columnSlots)
                return share(b, slots);
              scf::IfOp::create(
                  b, cmp(b, P::ule, slotsNeeded, index(b, slots)),
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    share(nb, slots);
                    scf::YieldOp::create(nb);
                  },
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    dispatch(nb, slots + 1);
                    scf::YieldOp::create(nb);
                  });
            };
        dispatch(b, 1);
      });
    });
  };

  // The matrix's rows a warp each and its columns a lane each (row warp +
  // kWarps * i, column lane + 32 * s) for the copies in and out. Unrolled
  // to the shape's bound, they are loads and stores at constant offsets
  // from a thread's first address, with no loop counters (as two 64-bit
  // loops they took ~70 instructions a row; 28.5 -> 27.0 us for (75,75)
  // f64). Guarded where the bound can pass the matrix. A size bucket's
  // kernel keeps the loop over rows: unrolled and guarded to the bound, its
  // larger code was slower (38.9 -> 41.3 us, run 16).
  auto forEachSlot = [&](ImplicitLocOpBuilder &b, Value first, int64_t step,
                         int64_t bound, Value size,
                         function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    for (int64_t offset = 0; offset < bound; offset += step) {
      Value at = add(b, first, index(b, offset));
      if (shape.exact && offset + step <= bound)
        body(b, at);
      else
        buildIf(b, cmp(b, P::ult, at, size),
                [&](ImplicitLocOpBuilder &b) { body(b, at); });
    }
  };
  auto forEachRow = [&](ImplicitLocOpBuilder &b,
                        function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    if (shape.exact)
      return forEachSlot(b, warp, PanelLuShape::kWarps, shape.rows, m, body);
    buildLoop(b, warp, m, index(b, PanelLuShape::kWarps), body);
  };
  auto forEachColumn = [&](ImplicitLocOpBuilder &b,
                           function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    forEachSlot(b, lane, 32, shape.cols, n, body);
  };

  buildLoop(b, blockId, batch, gridDim, [&](ImplicitLocOpBuilder &b,
                                            Value matrix) {
    // The previous matrix's readers are done with shared memory.
    gpu::BarrierOp::create(b);
    // In: a warp a row at a time, consecutive lanes on consecutive columns
    // (coalesced; no division by the run-time width), copied asynchronously
    // (no registers, all in flight).
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value row) {
      Value rowStart = mul(b, row, stride);
      forEachColumn(b, [&](ImplicitLocOpBuilder &b, Value col) {
        nvgpu::DeviceAsyncCopyOp::create(
            b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), a,
            ValueRange{add(b, rowStart, col)}, input, ValueRange{matrix, row, col},
            b.getIndexAttr(1), /*srcElements=*/Value(), /*bypassL1=*/UnitAttr());
      });
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
    NVVM::CpAsyncWaitGroupOp::create(b, 0);
    gpu::BarrierOp::create(b);

    Value isPanelWarp = cmp(b, P::eq, warp, index(b, 0));
    scf::IfOp::create(
        b, isPanelWarp,
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          buildPanelWarp(b, matrix);
          scf::YieldOp::create(b);
        },
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          buildTrailingWarps(b, matrix);
          scf::YieldOp::create(b);
        });
    gpu::BarrierOp::create(b);
    // Out: row q of lu is row order[q], a warp a row; the permutation is
    // the row order.
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value q) {
      Value row = loadInt(b, add(b, q, index(b, orderAt)));
      Value rowStart = mul(b, toIndex(b, row), stride);
      forEachColumn(b, [&](ImplicitLocOpBuilder &b, Value col) {
        memref::StoreOp::create(
            b, memref::LoadOp::create(b, a, add(b, rowStart, col)), lu,
            ValueRange{matrix, q, col});
      });
      if (permutation)
        buildIf(b, cmp(b, P::eq, lane, index(b, 0)), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, toIntType(b, row), permutation,
                                  ValueRange{matrix, q});
        });
    });
  });
}


//===----------------------------------------------------------------------===//
// The blocked LU's panel kernel
//===----------------------------------------------------------------------===//

void buildBlockedLuPanelKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                   Type elementType, Type intType) {
  Value lu = args[0], pivots = args[1], info = args[2],
        panelPermutation = args[3], k0 = args[4];
  using S = BlockedLuShape;
  constexpr int64_t NB = S::kPanelColumns, stride = NB + 1;
  constexpr int64_t warps = S::kPanelWarps, threads = 32 * warps;
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  auto complexType = dyn_cast<ComplexType>(elementType);
  Type magnitudeType = complexType ? complexType.getElementType() : elementType;
  Type keyType = b.getIntegerType(magnitudeType.getIntOrFloatBitWidth());
  Type i32 = b.getI32Type(), indexType = b.getIndexType();
  using P = arith::CmpIPredicate;
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto redux = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                   Value v) -> Value {
    return NVVM::ReduxOp::create(b, i32, v, kind,
                                 arith::ConstantIntOp::create(b, i32, -1));
  };
  Value noRow = int32(std::numeric_limits<int32_t>::max());
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  Value zeroInfo = arith::ConstantOp::create(
      b, b.getZeroAttr(cast<MemRefType>(info.getType()).getElementType()));

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  S::Panel panel = S::panelAt(b, m, n, k0);
  Value width = panel.width, rows = panel.rows, steps = panel.steps;
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value thread = add(b, mul(b, warp, index(32)), lane);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Dynamic shared memory (BlockedLuShape::panelSharedBytes): the panel at
  // an odd row stride, the row order, the warps' candidates.
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t elementBytes = elementByteSize(elementType);
  Value panelBytes = mul(b, rows, index(stride * elementBytes));
  Value a = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
      index(0), ValueRange{mul(b, rows, index(stride))});
  Value candidateKeys = memref::ViewOp::create(
      b, workgroupMemRef({warps}, keyType), shared, panelBytes, ValueRange());
  Value candidateRows = memref::ViewOp::create(
      b, workgroupMemRef({warps}, i32), shared,
      add(b, panelBytes, index(warps * 8)), ValueRange());
  Value order = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, i32), shared,
      add(b, panelBytes, index(warps * 12)), ValueRange{rows});
  auto at = [&](ImplicitLocOpBuilder &b, Value row, int64_t col) -> Value {
    return add(b, mul(b, row, index(stride)), index(col));
  };
  // The thread's rows from `first` on: thread, thread + threads, ...
  // (a panel has at most a few times as many rows as the block threads).
  auto forRows = [&](ImplicitLocOpBuilder &b, Value first,
                     function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    buildLoop(b, thread, rows, index(threads),
              [&](ImplicitLocOpBuilder &b, Value r) {
      buildIf(b, cmp(b, P::uge, r, first),
              [&](ImplicitLocOpBuilder &b) { body(b, r); });
    });
  };

  buildLoop(b, blockId, batch, gridDim, [&](ImplicitLocOpBuilder &b,
                                            Value matrix) {
    // In: rows of 32 columns, consecutive threads on consecutive columns
    // (zeros past the panel's width), and the identity row order.
    buildLoop(b, thread, mul(b, rows, index(NB)), index(threads),
              [&](ImplicitLocOpBuilder &b, Value e) {
      Value r = arith::DivUIOp::create(b, e, index(NB));
      Value c = arith::RemUIOp::create(b, e, index(NB));
      Value v = buildIfElse(
          b, cmp(b, P::ult, c, width),
          [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
            return {memref::LoadOp::create(
                b, lu, ValueRange{matrix, add(b, k0, r), add(b, k0, c)})};
          },
          [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
            return {element.zero(b)};
          })[0];
      memref::StoreOp::create(b, v, a,
                              add(b, mul(b, r, index(stride)), c));
      buildIf(b, cmp(b, P::eq, c, index(0)), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(b, arith::IndexCastOp::create(b, i32, r),
                                order, r);
      });
    });
    gpu::BarrierOp::create(b);

    // The steps, unrolled (static columns); those past `steps` skipped.
    // firstZero: the first zero pivot's step + 1 (info), 0 if none.
    Value firstZero = zeroInfo;
    for (int64_t kk = 0; kk < NB; ++kk) {
      Value step = index(kk);
      firstZero = buildIfElse(
          b, cmp(b, P::ult, step, steps),
          [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
        // Pivot search: each thread's best row (the first of its largest
        // key, pivotKey), the warp's (redux.sync), the block's from the
        // warps' candidates in shared memory.
        auto scan = scf::ForOp::create(
            b, thread, rows, index(threads), ValueRange{zeroKey, noRow},
            [&](OpBuilder &nested, Location loc, Value r, ValueRange best) {
              ImplicitLocOpBuilder b(loc, nested);
              Value open = cmp(b, P::uge, r, step);
              Value key = select(
                  b, open,
                  pivotKey(b, element, memref::LoadOp::create(b, a, at(b, r, kk)),
                           cmp(b, P::eq, r, step), magnitudeType),
                  zeroKey);
              Value rI32 = arith::IndexCastOp::create(b, i32, r);
              Value take = both(
                  b, open,
                  arith::OrIOp::create(b, cmp(b, P::ugt, key, best[0]),
                                       cmp(b, P::eq, best[1], noRow)));
              scf::YieldOp::create(
                  b, ValueRange{select(b, take, key, best[0]),
                                select(b, take, rI32, best[1])});
            });
        Value key = scan.getResult(0), row = scan.getResult(1);
        Value warpKey = reduceMaxKey(b, key, [&](ImplicitLocOpBuilder &b,
                                                 Value v) {
          return redux(b, NVVM::ReduxKind::UMAX, v);
        });
        Value warpRow = redux(
            b, NVVM::ReduxKind::UMIN,
            select(b, cmp(b, P::eq, key, warpKey), row, noRow));
        buildIf(b, cmp(b, P::eq, lane, index(0)), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, warpKey, candidateKeys, warp);
          memref::StoreOp::create(b, warpRow, candidateRows, warp);
        });
        gpu::BarrierOp::create(b);
        Value bestKey = memref::LoadOp::create(b, candidateKeys, index(0));
        Value bestRow = memref::LoadOp::create(b, candidateRows, index(0));
        for (int64_t w = 1; w < warps; ++w) {
          Value otherKey = memref::LoadOp::create(b, candidateKeys, index(w));
          Value otherRow = memref::LoadOp::create(b, candidateRows, index(w));
          Value take = arith::OrIOp::create(
              b, cmp(b, P::ugt, otherKey, bestKey),
              both(b, cmp(b, P::eq, otherKey, bestKey),
                   cmp(b, P::ult, otherRow, bestRow)));
          bestKey = select(b, take, otherKey, bestKey);
          bestRow = select(b, take, otherRow, bestRow);
        }
        Value pivotRow = arith::IndexCastOp::create(b, indexType, bestRow);

        // The exchange of rows kk and pivotRow (all 32 columns: L's part
        // of the panel too), the row order, the pivot.
        buildIf(b, cmp(b, P::ne, pivotRow, step), [&](ImplicitLocOpBuilder &b) {
          buildIf(b, cmp(b, P::ult, thread, index(NB)),
                  [&](ImplicitLocOpBuilder &b) {
            Value atStep = add(b, mul(b, step, index(stride)), thread);
            Value atPivot = add(b, mul(b, pivotRow, index(stride)), thread);
            Value x = memref::LoadOp::create(b, a, atStep);
            Value y = memref::LoadOp::create(b, a, atPivot);
            memref::StoreOp::create(b, y, a, atStep);
            memref::StoreOp::create(b, x, a, atPivot);
          });
          buildIf(b, cmp(b, P::eq, thread, index(NB)),
                  [&](ImplicitLocOpBuilder &b) {
            Value x = memref::LoadOp::create(b, order, step);
            Value y = memref::LoadOp::create(b, order, pivotRow);
            memref::StoreOp::create(b, y, order, step);
            memref::StoreOp::create(b, x, order, pivotRow);
          });
        });
        buildIf(b, cmp(b, P::eq, thread, index(0)), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(
              b, arith::IndexCastOp::create(b, intType, add(b, pivotRow, k0)),
              pivots, ValueRange{matrix, add(b, k0, step)});
        });
        gpu::BarrierOp::create(b);

        // Elimination below: a thread a row, the multiplier and the row's
        // later columns against the pivot row (broadcast loads, held in
        // registers). A zero pivot neither scales nor updates.
        Value pivot = memref::LoadOp::create(b, a, at(b, step, kk));
        Value singular = element.isZero(b, pivot);
        buildIf(b, arith::XOrIOp::create(
                       b, singular, arith::ConstantIntOp::create(b, 1, 1)),
                [&](ImplicitLocOpBuilder &b) {
          Value reciprocal = element.reciprocal(b, pivot);
          Value useReciprocal = element.reciprocalIsSafe(b, pivot);
          // (Complex pivot rows would take twice the registers: they are
          // read for each row instead.)
          SmallVector<Value> u;
          if (!complexType)
            for (int64_t j = kk + 1; j < NB; ++j)
              u.push_back(memref::LoadOp::create(b, a, at(b, step, j)));
          auto pivotRowEntry = [&](ImplicitLocOpBuilder &b, int64_t j) {
            return complexType ? memref::LoadOp::create(b, a, at(b, step, j))
                                     .getResult()
                               : u[j - kk - 1];
          };
          forRows(b, add(b, step, index(1)), [&](ImplicitLocOpBuilder &b,
                                                 Value r) {
            Value entry = memref::LoadOp::create(b, a, at(b, r, kk));
            Value l = buildIfElse(
                b, useReciprocal,
                [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
                  return {element.mul(b, entry, reciprocal)};
                },
                [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
                  return {element.div(b, entry, pivot)};
                })[0];
            memref::StoreOp::create(b, l, a, at(b, r, kk));
            for (int64_t j = kk + 1; j < NB; ++j) {
              Value target = at(b, r, j);
              memref::StoreOp::create(
                  b,
                  element.mulSub(b, memref::LoadOp::create(b, a, target), l,
                                 pivotRowEntry(b, j)),
                  a, target);
            }
          });
        });
        gpu::BarrierOp::create(b);
        Value noneYet = cmp(b, P::eq, firstZero, zeroInfo);
        Value stepInfo = arith::IndexCastOp::create(
            b, zeroInfo.getType(), index(kk + 1));
        return {select(b, both(b, singular, noneYet), stepInfo, firstZero)};
          },
          [&](ImplicitLocOpBuilder &) -> SmallVector<Value> {
            return {firstZero};
          })[0];
    }

    // Out: the panel in its pivot order, the panel's row order (the
    // update's exchanges), and info unless an earlier panel set it.
    buildLoop(b, thread, mul(b, rows, index(NB)), index(threads),
              [&](ImplicitLocOpBuilder &b, Value e) {
      Value r = arith::DivUIOp::create(b, e, index(NB));
      Value c = arith::RemUIOp::create(b, e, index(NB));
      buildIf(b, cmp(b, P::ult, c, width), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(
            b, memref::LoadOp::create(b, a, add(b, mul(b, r, index(stride)), c)),
            lu, ValueRange{matrix, add(b, k0, r), add(b, k0, c)});
      });
      buildIf(b, cmp(b, P::eq, c, index(0)), [&](ImplicitLocOpBuilder &b) {
        Value from = memref::LoadOp::create(b, order, r);
        memref::StoreOp::create(
            b, intType.isInteger(32) ? from : arith::ExtUIOp::create(b, intType, from).getResult(),
            panelPermutation, ValueRange{matrix, r});
      });
    });
    buildIf(b, cmp(b, P::eq, thread, index(0)), [&](ImplicitLocOpBuilder &b) {
      Value earlier = select(b, cmp(b, P::eq, k0, index(0)), zeroInfo,
                             memref::LoadOp::create(b, info, matrix));
      Value takes = both(b, cmp(b, P::eq, earlier, zeroInfo),
                         cmp(b, P::ne, firstZero, zeroInfo));
      memref::StoreOp::create(
          b,
          select(b, takes,
                 add(b, firstZero,
                     arith::IndexCastOp::create(b, zeroInfo.getType(), k0)),
                 earlier),
          info, matrix);
    });
    // The next matrix refills shared memory.
    gpu::BarrierOp::create(b);
  });
}

} // namespace mlir::linalgx::gpu_kernels
