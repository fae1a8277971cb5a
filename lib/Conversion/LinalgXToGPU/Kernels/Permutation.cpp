//===- Permutation.cpp - the pivots_to_permutation kernel -------*- C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "Permutation.h"
#include "KernelBuilder.h"
#include "LuCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

/// The reverse trace through the swaps is a chain of dependent selects; the
/// pivot loads feeding it are independent, and unrolling lets them be issued
/// ahead of the chain.
constexpr uint64_t kTraceUnrollFactor = 4;
/// Bytes of shared memory a block of the permutation kernel has: the flat
/// path's pivot window, or the grouped path's tables. Small enough for eight
/// blocks of 256 threads (a full SM) to be resident together.
constexpr int64_t kPermutationSharedBytes = 16 * 1024;
/// Permutations of at most this many positions are given whole to one block
/// (buildGroupedPermutation); longer ones get a thread per position across
/// blocks.
constexpr int64_t kGroupedPermutationMaxN = kBlockSize;
/// Permutations of at most this many positions take the register path
/// (buildShortPermutation): kShortPermutationThreads threads a matrix, each
/// with all of its swaps in registers.
constexpr int64_t kShortPermutationMaxN = 16;
constexpr int64_t kShortPermutationThreads = 4;
/// The grouped trace runs through the swaps as this many independent
/// segments, whose maps are then composed through shared memory.
constexpr int64_t kTraceSegments = 4;
/// Entries of the grouped path's tables (all in the block's shared memory):
/// the swap targets of floor(256 / N) groups of N + kTraceSegments - 1
/// entries (at most 1024, for N = 1), then kTraceSegments - 1 maps of one
/// entry a thread.
constexpr int64_t kGroupedTargetEntries = kBlockSize * kTraceSegments;
constexpr int64_t kGroupedTableEntries =
    kGroupedTargetEntries + (kTraceSegments - 1) * kBlockSize;
static_assert(kGroupedTableEntries * 4 <= kPermutationSharedBytes,
              "the grouped path's tables fit the shared memory");

/// Emits the reverse trace of one position: starting at `start`, follows
/// the swaps i = steps-1 ... 0 backwards (a swap (i, p) moves a value at i to
/// p and one at p to i) and returns where the position ends, i.e. the
/// original row that the permutation puts there. `pivotAt(b, i)` loads pivot
/// i; pivots outside [0, N) name no swap and are skipped.
Value buildReverseTrace(KernelBuilder &b, Value start, Value steps, Value n,
                        Type intType, bool oneBased,
                        function_ref<Value(KernelBuilder &, Value)> pivotAt) {
  Value zero = b.index(0);
  Value one = b.index(1);
  Value last = b.sub(steps, one);
  Value zeroInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0));
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));
  auto trace = scf::ForOp::create(
      b, zero, steps, one, ValueRange{start},
      [&](OpBuilder &nested, Location loc, Value r, ValueRange iter) {
        KernelBuilder b(loc, nested);
        Value i = b.sub(last, r);
        Value target = pivotAt(b, i);
        if (oneBased)
          target = b.sub(target, oneInt);
        Value valid =
            b.bitAnd(b.cmp(arith::CmpIPredicate::sge, target, zeroInt),
                     // In index arithmetic: N itself may not fit the pivot type
                     // (i32 pivots, N = 2^31).
                     b.cmp(arith::CmpIPredicate::slt, b.toIndex(target), n));
        Value iInt = arith::IndexCastOp::create(b, intType, i);
        // The swap moves a position at i or at the target by xor-ing it
        // with i ^ target (zero when the pivot names no swap; a position
        // never equals an invalid target). Only the two comparisons and the
        // xor depend on the position: the chain through the swaps is three
        // operations a step.
        Value swapBits = b.select(valid, b.bitXor(iInt, target), zeroInt);
        Value position = iter[0];
        Value moves =
            b.bitOr(b.cmp(arith::CmpIPredicate::eq, position, iInt),
                    b.cmp(arith::CmpIPredicate::eq, position, target));
        Value moved = b.select(moves, b.bitXor(position, swapBits), position);
        scf::YieldOp::create(b, moved);
      });
  // Unrolling only fails for loops it cannot analyze; the loop stays correct
  // either way. When the trip count is not a multiple of the factor, the
  // remaining steps run in an epilogue loop, whose result is the final one.
  FailureOr<UnrolledLoopInfo> unrolled =
      loopUnrollByFactor(trace, kTraceUnrollFactor);
  if (succeeded(unrolled) && unrolled->epilogueLoopOp)
    return unrolled->epilogueLoopOp->getResult(0);
  return trace.getResult(0);
}

/// Traces position `j` of a group whose swap targets start at entry
/// `targets` of `tables` (see buildGroupedPermutation) through each of the
/// kTraceSegments segments of `segmentLength` swaps, side by side: returns
/// map_s(j) for every segment s. Step r of segment s is swap
/// i = (s + 1) * L - 1 - r, so each segment is traced from its last swap
/// down. The last segment may reach up to kTraceSegments - 1 swaps past
/// min(K, N): their targets are padded as no-op swaps, so no step is
/// conditional and each costs a load, the two comparisons, the or, and two
/// xors and a select (only the comparisons, the or and the select depend on
/// the position).
SmallVector<Value> buildSegmentedTrace(KernelBuilder &b, Value tables,
                                       Value targets, Value j,
                                       Value segmentLength) {
  using P = arith::CmpIPredicate;
  auto i32Constant = [&](KernelBuilder &b, int64_t v) -> Value {
    return b.i32(v);
  };
  SmallVector<Value> segmentLast;
  for (int64_t s = 0; s < kTraceSegments; ++s)
    segmentLast.push_back(
        b.sub(b.mul(i32Constant(b, s + 1), segmentLength), i32Constant(b, 1)));
  auto trace = scf::ForOp::create(
      b, b.index(0), b.toIndexUnsigned(segmentLength), b.index(1),
      SmallVector<Value>(kTraceSegments, j),
      [&](OpBuilder &nested, Location loc, Value r, ValueRange positions) {
        KernelBuilder b(loc, nested);
        Value r32 = b.toI32Unsigned(r);
        SmallVector<Value> moved;
        for (int64_t s = 0; s < kTraceSegments; ++s) {
          Value i = b.sub(segmentLast[s], r32);
          Value target =
              b.load(tables, ValueRange{b.toIndexUnsigned(b.add(targets, i))});
          Value position = positions[s];
          Value moves = b.bitOr(b.cmp(P::eq, position, i),
                                b.cmp(P::eq, position, target));
          moved.push_back(b.select(
              moves, b.bitXor(position, b.bitXor(i, target)), position));
        }
        scf::YieldOp::create(b, moved);
      });
  // As in buildReverseTrace: the table loads of several steps are issued
  // ahead of the chains; a remainder runs in the epilogue loop.
  FailureOr<UnrolledLoopInfo> unrolled =
      loopUnrollByFactor(trace, kTraceUnrollFactor);
  if (succeeded(unrolled) && unrolled->epilogueLoopOp)
    return SmallVector<Value>(unrolled->epilogueLoopOp->getResults());
  return SmallVector<Value>(trace.getResults());
}

/// The swap target, as i32, of step `step` of `matrix` in the short and
/// grouped paths (N <= 256): the pivot, minus `one` for 1-based pivots
/// (null for 0-based ones), or `noSwap` when it names no row below `n`
/// (both of the pivot type; unsigned, so a negative pivot is out of range
/// too).
Value loadSwapTarget(KernelBuilder &b, Value pivots, Value matrix, Value step,
                     Value n, Value one, Value noSwap) {
  Value pivot = b.load(pivots, ValueRange{matrix, step});
  if (one)
    pivot = b.sub(pivot, one);
  Value valid = b.cmp(arith::CmpIPredicate::ult, pivot, n);
  Value pivot32 = pivot.getType().isInteger(32)
                      ? pivot
                      : arith::TruncIOp::create(b, b.getI32Type(), pivot);
  return b.select(valid, pivot32, noSwap);
}

/// Whether 1 <= n <= maxN (one unsigned comparison: n - 1 wraps for 0).
Value isWithinOneTo(ImplicitLocOpBuilder &b, Value n, int64_t maxN) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  return arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                               arith::SubIOp::create(b, n, one),
                               arith::ConstantIndexOp::create(b, maxN));
}

/// Whether the permutation kernel takes the register path (1 <= N <= 16).
Value isShortPermutation(ImplicitLocOpBuilder &b, Value n) {
  return isWithinOneTo(b, n, kShortPermutationMaxN);
}

/// Permutations of 1 <= N <= 16 positions: the grouped path's staging,
/// barriers and table lookups cost more than the trace itself there (the
/// kernel is issue-bound at such sizes; docs/benchmarks.md, run 8). Here
/// kShortPermutationThreads = 4 consecutive threads share a matrix: each
/// loads its 16 swap targets into registers (a target past min(K, N) or out
/// of range is the no-op swap (i, i)) and traces the positions
/// q, q + 4, q + 8, q + 12 of its lane q back through them, every swap index
/// a constant of the fully unrolled code: a step is two comparisons with a
/// constant and a register, an xor and a select. No shared memory, barrier
/// or division; the four threads keep 65536 threads busy for 16384 matrices.
void buildShortPermutation(KernelBuilder &b, Value pivots, Value permutation,
                           Value batch, Value n, Value steps, Type intType,
                           bool oneBased) {
  using P = arith::CmpIPredicate;
  Type i32 = b.getI32Type();
  auto i32Constant = [&](KernelBuilder &b, int64_t v) -> Value {
    return b.i32(v);
  };
  Value n32 = b.toI32Unsigned(n);
  Value steps32 = b.toI32Unsigned(steps);
  Value nInt = arith::IndexCastOp::create(b, intType, n);
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));
  Value threads = b.index(kShortPermutationThreads);
  Value blockSize = b.index(kBlockSize);
  Value first = b.add(b.mul(b.blockId(gpu::Dimension::x), blockSize),
                      b.threadId(gpu::Dimension::x));
  Value stride = b.mul(b.gridDim(gpu::Dimension::x), blockSize);
  // No barriers: each thread walks its own items.
  b.forLoop(
      first, b.mul(batch, threads), stride, [&](KernelBuilder &b, Value item) {
        // kShortPermutationThreads is a power of two: a shift and a mask.
        Value matrix = b.divU(item, threads);
        Value q32 = b.toI32Unsigned(b.remU(item, threads));
        SmallVector<Value> targets, swapBits;
        for (int64_t i = 0; i < kShortPermutationMaxN; ++i) {
          Value i32i = i32Constant(b, i);
          auto target = scf::IfOp::create(
              b, b.cmp(P::ult, i32i, steps32),
              [&](OpBuilder &nested, Location loc) {
                KernelBuilder b(loc, nested);
                scf::YieldOp::create(
                    b, loadSwapTarget(b, pivots, matrix, b.index(i), nInt,
                                      oneBased ? oneInt : Value(), i32i));
              },
              [&](OpBuilder &nested, Location loc) {
                KernelBuilder b(loc, nested);
                scf::YieldOp::create(b, i32Constant(b, i));
              });
          targets.push_back(target.getResult(0));
          swapBits.push_back(b.bitXor(i32i, targets.back()));
        }
        for (int64_t u = 0;
             u * kShortPermutationThreads < kShortPermutationMaxN; ++u) {
          Value j32 = b.add(q32, i32Constant(b, u * kShortPermutationThreads));
          Value position = j32;
          for (int64_t i = kShortPermutationMaxN - 1; i >= 0; --i) {
            Value moves = b.bitOr(b.cmp(P::eq, position, i32Constant(b, i)),
                                  b.cmp(P::eq, position, targets[i]));
            position =
                b.select(moves, b.bitXor(position, swapBits[i]), position);
          }
          b.ifThen(b.cmp(P::ult, j32, n32), [&](KernelBuilder &b) {
            Value result = intType == i32
                               ? position
                               : arith::ExtUIOp::create(b, intType, position);
            b.store(result, permutation,
                    ValueRange{matrix, b.toIndexUnsigned(j32)});
          });
        }
      });
}

/// Whether the permutation kernel gives every matrix to one block (N <=
/// kGroupedPermutationMaxN; N = 0 has no positions and takes the flat path).
Value isGroupedPermutation(ImplicitLocOpBuilder &b, Value n) {
  return isWithinOneTo(b, n, kGroupedPermutationMaxN);
}

/// Permutations of N <= 256 positions: a block takes floor(256 / N) whole
/// matrices, a group of N consecutive threads each, thread j of a group
/// owning position j. The group stages its swap targets in shared memory
/// (one coalesced load a thread, validated once: a pivot naming no swap, or
/// a step past min(K, N), becomes the no-op swap (i, i)), then every thread
/// traces its position back through the swaps. That trace is a dependent
/// chain, so it is cut into kTraceSegments segments of consecutive swaps
/// traced side by side (buildSegmentedTrace: independent chains the
/// scheduler interleaves); the group publishes the segments' maps in shared
/// memory and a position's final value, map_0(map_1(map_2(map_3(j)))), is
/// three table lookups away.
/// A thread waits on ~min(K, N) / 4 dependent steps instead of min(K, N),
/// and positions are 32-bit whatever the pivot type.
class GroupedPermutation {
public:
  using P = arith::CmpIPredicate;

  GroupedPermutation(KernelBuilder &b, Value pivots, Value permutation,
                     Value tables, Value batch, Value n, Value steps,
                     Type intType, bool oneBased)
      : top(b), pivots(pivots), permutation(permutation), tables(tables),
        batch(batch), n(n), steps(steps), intType(intType), oneBased(oneBased),
        i32(b.getI32Type()) {}

  /// Per group of matrices of the block: stage the swap targets, trace the
  /// segments and publish their maps, compose the maps into the result.
  void emit() {
    emitPrologue();
    // Every thread of a block runs the same iterations (barriers inside).
    top.forLoop(firstMatrix, batch, matrixStride,
                [&](KernelBuilder &b, Value blockMatrix) {
                  matrix = b.add(blockMatrix, group);
                  active = b.bitAnd(inGroup, b.cmp(P::ult, matrix, batch));
                  stageTargets(b);
                  b.barrier();
                  Value traced = traceSegments(b);
                  b.barrier();
                  composeMaps(b, traced);
                  // No barrier needed before the next iteration: it overwrites
                  // the targets, which nobody reads after the barrier above,
                  // and the maps only after its own first barrier, when every
                  // thread is done with these.
                });
  }

private:
  Value toI32(Value index) { return top.toI32Unsigned(index); }
  static Value toIndex(KernelBuilder &b, Value v) {
    return b.toIndexUnsigned(v);
  }
  // `tables`: the groups' swap targets, N + kTraceSegments - 1 entries a
  // group (the padding: no-op swaps for the last segment's steps past N),
  // then the maps of segments 0 .. kTraceSegments - 2, 256 entries each,
  // indexed by thread.
  Value mapIndex(KernelBuilder &b, int64_t segment, Value entry) {
    return toIndex(
        b, b.add(b.i32(kGroupedTargetEntries + segment * kBlockSize), entry));
  }

  /// The kernel's top level: the thread's group and position, in 32 bits
  /// (N <= 256 and the thread index < 256), and the block's matrices.
  void emitPrologue() {
    KernelBuilder &b = top;
    n32 = toI32(n);
    steps32 = toI32(steps);
    thread32 = toI32(b.threadId(gpu::Dimension::x));
    Value matricesPerBlock32 = b.divU(b.i32(kBlockSize), n32);
    Value group32 = b.divU(thread32, n32);
    j32 = b.remU(thread32, n32);
    groupStart32 = b.sub(thread32, j32);
    targets32 = b.mul(group32, b.add(n32, b.i32(kTraceSegments - 1)));
    inGroup = b.cmp(P::ult, group32, matricesPerBlock32);
    group = toIndex(b, group32), j = toIndex(b, j32);
    Value matricesPerBlock = toIndex(b, matricesPerBlock32);
    segmentLength32 = b.ceilDivU(steps32, b.i32(kTraceSegments));
    nInt = arith::IndexCastOp::create(b, intType, n);
    oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));

    firstMatrix = b.mul(b.blockId(gpu::Dimension::x), matricesPerBlock);
    matrixStride = b.mul(b.gridDim(gpu::Dimension::x), matricesPerBlock);
  }

  /// The group's swap targets into `tables` (a thread each, validated),
  /// then the padding of no-op swaps.
  void stageTargets(KernelBuilder &b) {
    b.ifThen(active, [&](KernelBuilder &b) {
      auto target = scf::IfOp::create(
          b, b.cmp(P::ult, j32, steps32),
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            scf::YieldOp::create(b, loadSwapTarget(b, pivots, matrix, j, nInt,
                                                   oneBased ? oneInt : Value(),
                                                   j32));
          },
          [&](OpBuilder &nested, Location loc) {
            scf::YieldOp::create(nested, loc, j32);
          });
      b.store(target.getResult(0), tables, toIndex(b, b.add(targets32, j32)));
      // The padding: entry N + p (p < kTraceSegments - 1) swaps N + p with
      // itself, which moves no position; thread j writes p = j, j + N, ...
      // (groups of one or two threads write more than one).
      for (int64_t u = 0; u < kTraceSegments - 1; ++u) {
        Value p32 = b.add(j32, b.mul(n32, b.i32(u)));
        b.ifThen(b.cmp(P::ult, p32, b.i32(kTraceSegments - 1)),
                 [&](KernelBuilder &b) {
                   Value past = b.add(n32, p32);
                   b.store(past, tables, toIndex(b, b.add(targets32, past)));
                 });
      }
    });
  }

  /// The trace yields the map of the last segment (the first one applied)
  /// and publishes the others.
  Value traceSegments(KernelBuilder &b) {
    auto traced = scf::IfOp::create(
        b, active,
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder b(loc, nested);
          SmallVector<Value> maps =
              buildSegmentedTrace(b, tables, targets32, j32, segmentLength32);
          for (int64_t s = 0; s + 1 < kTraceSegments; ++s)
            b.store(maps[s], tables, mapIndex(b, s, thread32));
          scf::YieldOp::create(b, maps.back());
        },
        [&](OpBuilder &nested, Location loc) {
          scf::YieldOp::create(nested, loc, j32);
        });
    return traced.getResult(0);
  }

  /// The position's final value: the last segment's map through the
  /// group's published maps, stored as the pivot type.
  void composeMaps(KernelBuilder &b, Value traced) {
    b.ifThen(active, [&](KernelBuilder &b) {
      Value position = traced;
      for (int64_t s = kTraceSegments - 2; s >= 0; --s)
        position =
            b.load(tables, mapIndex(b, s, b.add(groupStart32, position)));
      if (intType != i32)
        position = arith::ExtUIOp::create(b, intType, position);
      b.store(position, permutation, ValueRange{matrix, j});
    });
  }

  KernelBuilder &top;
  Value pivots, permutation, tables, batch, n, steps;
  Type intType;
  bool oneBased;
  Type i32;
  // The thread's group and position (32-bit and index), the group's
  // targets in `tables`, the segments' length, the pivot-type constants.
  Value n32, steps32, thread32, j32, groupStart32, targets32, inGroup;
  Value group, j, segmentLength32, nInt, oneInt;
  Value firstMatrix, matrixStride;
  // Per iteration: the group's matrix and whether the thread has one.
  Value matrix, active;
};

void buildGroupedPermutation(KernelBuilder &b, Value pivots, Value permutation,
                             Value tables, Value batch, Value n, Value steps,
                             Type intType, bool oneBased) {
  GroupedPermutation(b, pivots, permutation, tables, batch, n, steps, intType,
                     oneBased)
      .emit();
}

/// Permutations of N > 256 positions (or none). Thread t owns position
/// j = t % N of matrix b = t / N and finds its final value with a reverse
/// trace (buildReverseTrace), so all positions of all matrices run in
/// parallel and the dependent chain is min(K, N) register operations, not K
/// swaps through global memory.
///
/// A block's 256 consecutive positions belong to one or two consecutive
/// matrices whose pivots are one contiguous range of the [B, K] pivot array;
/// when that range fits the shared-memory window, the block first copies it
/// there with coalesced loads, so the trace reads pivots at shared-memory
/// latency. Otherwise (K in the thousands) the trace reads them from global
/// memory, where the pivots of a matrix are shared by its N threads through
/// L1.
class FlatPermutation {
public:
  FlatPermutation(KernelBuilder &b, Value pivots, Value permutation,
                  Value window, Value batch, Value n, Value k, Value steps,
                  Type intType, bool oneBased)
      : top(b), pivots(pivots), permutation(permutation), window(window),
        batch(batch), n(n), k(k), steps(steps), intType(intType),
        oneBased(oneBased),
        windowSize(cast<MemRefType>(window.getType()).getNumElements()) {}

  /// Per 256 positions of the block: the span of their matrices, the
  /// pivots staged when they fit the window, the traces.
  void emit() {
    KernelBuilder &b = top;
    one = b.index(1);
    blockSize = b.index(kBlockSize);
    total = b.mul(batch, n);

    threadId = b.threadId(gpu::Dimension::x);
    Value blockId = b.blockId(gpu::Dimension::x);
    Value gridDim = b.gridDim(gpu::Dimension::x);
    Value firstBlockStart = b.mul(blockId, blockSize);
    Value blockStride = b.mul(gridDim, blockSize);
    // Every thread of a block runs the same iterations (barriers inside).
    b.forLoop(firstBlockStart, total, blockStride,
              [&](KernelBuilder &b, Value blockStart) {
                blockSpan(b, blockStart);
                stagePivots(b);
                b.barrier();
                traceAndStore(b);
                // The window is refilled by the next iteration.
                b.barrier();
              });
  }

private:
  /// The thread's position t, the block's matrices and whether their
  /// pivots are staged in the window.
  void blockSpan(KernelBuilder &b, Value blockStart) {
    t = b.add(blockStart, threadId);
    active = b.cmp(arith::CmpIPredicate::ult, t, total);
    firstMatrix = b.divU(blockStart, n);
    Value blockEnd = b.minU(b.add(blockStart, blockSize), total);
    Value lastMatrix = b.divU(b.sub(blockEnd, one), n);
    stagedCount = b.mul(b.add(b.sub(lastMatrix, firstMatrix), one), k);
    // Whether the pivots of the block's matrices fit the window: decided by
    // the block's own span (the same for all its threads), so a block inside
    // one matrix stages K = 4096 pivots, as (4096,4096) needs (a bound of
    // ceil(256 / N) + 1 matrices a block would leave it in global memory, far
    // slower; docs/benchmarks.md, run 11).
    staged = b.cmp(arith::CmpIPredicate::ule, stagedCount, b.index(windowSize));
  }

  /// The block's pivots into the window (coalesced), when they fit.
  void stagePivots(KernelBuilder &b) {
    b.ifThen(staged, [&](KernelBuilder &b) {
      b.forLoop(threadId, stagedCount, blockSize,
                [&](KernelBuilder &b, Value index) {
                  Value matrix = b.add(firstMatrix, b.divU(index, k));
                  Value step = b.remU(index, k);
                  Value pivot = b.load(pivots, ValueRange{matrix, step});
                  b.store(pivot, window, index);
                });
    });
  }

  /// Each active thread's reverse trace, through the window or the global
  /// pivots, into the permutation.
  void traceAndStore(KernelBuilder &b) {
    b.ifThen(active, [&](KernelBuilder &b) {
      Value matrix = b.divU(t, n);
      Value j = b.remU(t, n);
      Value start = arith::IndexCastOp::create(b, intType, j);
      auto ifOp = scf::IfOp::create(
          b, staged,
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            Value base = b.mul(b.sub(matrix, firstMatrix), k);
            Value end = buildReverseTrace(
                b, start, steps, n, intType, oneBased,
                [&](KernelBuilder &b, Value i) -> Value {
                  return b.load(window, ValueRange{b.add(base, i)});
                });
            scf::YieldOp::create(b, end);
          },
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            Value end = buildReverseTrace(
                b, start, steps, n, intType, oneBased,
                [&](KernelBuilder &b, Value i) -> Value {
                  return b.load(pivots, ValueRange{matrix, i});
                });
            scf::YieldOp::create(b, end);
          });
      b.store(ifOp.getResult(0), permutation, ValueRange{matrix, j});
    });
  }

  KernelBuilder &top;
  Value pivots, permutation, window, batch, n, k, steps;
  Type intType;
  bool oneBased;
  int64_t windowSize;
  Value one, blockSize, total, threadId;
  // Per block iteration: the thread's position, whether it is one, the
  // block's first matrix, its pivot count and whether they are staged.
  Value t, active, firstMatrix, stagedCount, staged;
};

void buildFlatPermutation(KernelBuilder &b, Value pivots, Value permutation,
                          Value window, Value batch, Value n, Value k,
                          Value steps, Type intType, bool oneBased) {
  FlatPermutation(b, pivots, permutation, window, batch, n, k, steps, intType,
                  oneBased)
      .emit();
}

/// The permutation kernel: [B, K] pivots to a [B, N] permutation, the
/// grouped path for N <= 256 and the flat one otherwise (a uniform branch),
/// each with its own typed view of the block's `shared` bytes.
void buildPermutationKernelBody(KernelBuilder &b, ValueRange args, Value shared,
                                Type intType, bool oneBased) {
  Value pivots = args[0], permutation = args[1];
  Value batch = b.dim(permutation, 0);
  Value n = b.dim(permutation, 1);
  Value k = b.dim(pivots, 1);
  Value steps = b.minU(k, n);
  auto view = [&](KernelBuilder &b, int64_t size, Type type) -> Value {
    return memref::ViewOp::create(b, workgroupMemRef({size}, type), shared,
                                  b.index(0), ValueRange());
  };
  auto isShort = scf::IfOp::create(b, isShortPermutation(b, n),
                                   /*withElseRegion=*/true);
  KernelBuilder shortBuilder(b.getLoc(),
                             isShort.getThenBodyBuilder(b.getListener()));
  buildShortPermutation(shortBuilder, pivots, permutation, batch, n, steps,
                        intType, oneBased);
  KernelBuilder longBuilder(b.getLoc(),
                            isShort.getElseBodyBuilder(b.getListener()));
  auto grouped =
      scf::IfOp::create(longBuilder, isGroupedPermutation(longBuilder, n),
                        /*withElseRegion=*/true);
  KernelBuilder thenBuilder(b.getLoc(),
                            grouped.getThenBodyBuilder(b.getListener()));
  buildGroupedPermutation(
      thenBuilder, pivots, permutation,
      view(thenBuilder, kGroupedTableEntries, b.getI32Type()), batch, n, steps,
      intType, oneBased);
  KernelBuilder elseBuilder(b.getLoc(),
                            grouped.getElseBodyBuilder(b.getListener()));
  buildFlatPermutation(elseBuilder, pivots, permutation,
                       view(elseBuilder,
                            kPermutationSharedBytes / elementByteSize(intType),
                            intType),
                       batch, n, k, steps, intType, oneBased);
}

} // namespace

void launchPermutationKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value pivots2d,
                             Value permutation2d, bool oneBased) {
  Type intType = cast<MemRefType>(pivots2d.getType()).getElementType();
  std::string name = "linalgx_pivots_to_permutation_" + typeSuffix(intType) +
                     (oneBased ? "_one_based" : "");
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module, name, {pivots2d.getType(), permutation2d.getType()},
      {static_cast<int32_t>(kBlockSize), 1, 1},
      {workgroupMemRef({kPermutationSharedBytes}, b.getI8Type())},
      [&](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildPermutationKernelBody(kb, args, workgroup[0], intType, oneBased);
      });
  // Short: 4 threads a matrix, 256 threads a block; grouped: floor(256 / N)
  // matrices a block; flat: 256 positions a block.
  Value batch = memref::DimOp::create(b, permutation2d, 0);
  Value n = memref::DimOp::create(b, permutation2d, 1);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value shortPath = isShortPermutation(b, n);
  Value grouped = isGroupedPermutation(b, n);
  Value blockSize = arith::ConstantIndexOp::create(b, kBlockSize);
  Value items = arith::SelectOp::create(
      b, shortPath,
      arith::MulIOp::create(
          b, batch,
          arith::ConstantIndexOp::create(b, kShortPermutationThreads)),
      arith::SelectOp::create(b, grouped, batch,
                              arith::MulIOp::create(b, batch, n)));
  Value itemsPerBlock = arith::SelectOp::create(
      b,
      arith::AndIOp::create(
          b, grouped,
          arith::XOrIOp::create(b, shortPath,
                                arith::ConstantIntOp::create(b, 1, 1))),
      arith::DivUIOp::create(b, blockSize, arith::MaxUIOp::create(b, n, one)),
      blockSize);
  work.launch(kernel, gridSizeFor(b, items, itemsPerBlock), {kBlockSize, 1, 1},
              {pivots2d, permutation2d});
}

} // namespace mlir::linalgx::gpu_kernels
