//===- LinalgXRunnerUtils.cpp - exact memref printing -----------*- C++ -*-===//
//
// `printMemrefF64` & co. print six significant digits, too few to check a
// factorization against a reference to 10·n·ε. These functions print every
// element exactly: floating-point values as C99 hexadecimal literals (`%a`,
// read back by Python's float.fromhex), integers in decimal. Format:
//
//   linalgx.memref <type> <rank> <size>...
//   <element> <element> ...          (row-major; complex: re im per element)
//
// Call them from MLIR with the C interface, e.g.
//   func.func private @printMemrefExactF64(memref<*xf64>)
//       attributes {llvm.emit_c_interface}
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cinttypes>
#include <complex>
#include <cstdio>

#define LINALGX_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
void printElement(float value) {
  std::printf("%a", static_cast<double>(value));
}
void printElement(double value) { std::printf("%a", value); }
void printElement(int32_t value) { std::printf("%" PRId32, value); }
void printElement(int64_t value) { std::printf("%" PRId64, value); }
template <typename T> void printElement(std::complex<T> value) {
  printElement(value.real());
  std::putchar(' ');
  printElement(value.imag());
}

template <typename T>
void printExact(UnrankedMemRefType<T> *memref, const char *typeName) {
  DynamicMemRefType<T> view(*memref);
  std::printf("linalgx.memref %s %" PRId64, typeName, view.rank);
  // Whether the view is empty, not the element count: the product of the
  // sizes can overflow int64_t (UB, found by UBSan) for an empty view whose
  // other sizes are huge, e.g. 2^32 x 2^32 x 0.
  bool empty = false;
  for (int64_t dim = 0; dim < view.rank; ++dim) {
    std::printf(" %" PRId64, view.sizes[dim]);
    empty |= view.sizes[dim] <= 0;
  }
  std::putchar('\n');
  // Walk the (possibly strided) view in row-major order. The iterator does
  // not know empty views, so they are skipped here.
  bool first = true;
  if (!empty)
    for (const T &element : view) {
      if (!first)
        std::putchar(' ');
      first = false;
      printElement(element);
    }
  std::putchar('\n');
  std::fflush(stdout);
}
} // namespace

LINALGX_EXPORT void
_mlir_ciface_printMemrefExactF32(UnrankedMemRefType<float> *m) {
  printExact(m, "f32");
}
LINALGX_EXPORT void
_mlir_ciface_printMemrefExactF64(UnrankedMemRefType<double> *m) {
  printExact(m, "f64");
}
LINALGX_EXPORT void
_mlir_ciface_printMemrefExactC32(UnrankedMemRefType<std::complex<float>> *m) {
  printExact(m, "complex<f32>");
}
LINALGX_EXPORT void
_mlir_ciface_printMemrefExactC64(UnrankedMemRefType<std::complex<double>> *m) {
  printExact(m, "complex<f64>");
}
LINALGX_EXPORT void
_mlir_ciface_printMemrefExactI32(UnrankedMemRefType<int32_t> *m) {
  printExact(m, "i32");
}
LINALGX_EXPORT void
_mlir_ciface_printMemrefExactI64(UnrankedMemRefType<int64_t> *m) {
  printExact(m, "i64");
}
