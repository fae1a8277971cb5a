// The choice of kernel for linalgx.lu, as a table: each function is one
// shape, each RUN line one set of options, and remark-kernel-choice prints
// the candidates the lowering emits, in order, up to the first that always
// applies ("else vendor" when none does).

// RUN: linalgx-opt %s --convert-linalgx-to-gpu=remark-kernel-choice -o /dev/null 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: linalgx-opt %s --convert-linalgx-to-gpu="remark-kernel-choice lu-strategy=cusolver" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VENDOR
// RUN: linalgx-opt %s --convert-linalgx-to-gpu="remark-kernel-choice lu-panel-max-size=0 lu-cyclic-max-batch=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPANEL
// RUN: linalgx-opt %s --convert-linalgx-to-gpu="remark-kernel-choice lu-exact-sizes=75 lu-blocked-max-size=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
// RUN: linalgx-opt %s --convert-linalgx-to-gpu="remark-kernel-choice lu-panel-any-batch-min-size=129" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALLBATCH
// RUN: linalgx-opt %s --convert-linalgx-to-gpu="remark-kernel-choice lu-blocked-register-panel-max-rows=4096 lu-blocked-single-max-bytes=32768" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SINGLE4K

// A thread per matrix up to 4 x 4, rectangular and complex included.
// AUTO: remark: kernel choice: thread 4x4 (bound) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: thread 4x4 (bound) always
// EXACT: remark: kernel choice: thread 4x4 (bound) always
// AUTO: remark: kernel choice: thread 4x4 (bound) always
func.func @tiny(%a: memref<1000000x3x3xf32>, %lu: memref<1000000x3x3xf32>, %p: memref<1000000x3xi32>, %i: memref<1000000xi32>,
                %c: memref<4x2xcomplex<f64>>, %cp: memref<2xi32>, %ci: memref<i32>) {
  linalgx.lu ins(%a : memref<1000000x3x3xf32>) outs(%lu, %p, %i : memref<1000000x3x3xf32>, memref<1000000x3xi32>, memref<1000000xi32>)
  linalgx.lu ins(%c : memref<4x2xcomplex<f64>>) outs(%c, %cp, %ci : memref<4x2xcomplex<f64>>, memref<2xi32>, memref<i32>)
  return
}

// AUTO: remark: kernel choice: register 8x8 (bound) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: register 8x8 (bound) always
// EXACT: remark: kernel choice: register 8x8 (bound) always
func.func @f32_1000x8x8(%a: memref<1000x8x8xf32>, %lu: memref<1000x8x8xf32>, %p: memref<1000x8xi32>, %i: memref<1000xi32>) {
  linalgx.lu ins(%a : memref<1000x8x8xf32>) outs(%lu, %p, %i : memref<1000x8x8xf32>, memref<1000x8xi32>, memref<1000xi32>)
  return
}

// AUTO: remark: kernel choice: register 16x16 (bound) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: register 16x16 (bound) always
// EXACT: remark: kernel choice: register 16x16 (bound) always
func.func @f64_16x16(%a: memref<16x16xf64>, %lu: memref<16x16xf64>, %p: memref<16xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<16x16xf64>) outs(%lu, %p, %i : memref<16x16xf64>, memref<16xi32>, memref<i32>)
  return
}

// AUTO: remark: kernel choice: panel 75x75 (exact) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: cyclic 75x75 (exact) always
// EXACT: remark: kernel choice: panel 75x75 (exact) always
func.func @f64_75x75(%a: memref<75x75xf64>, %lu: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%lu, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>)
  return
}

// AUTO: remark: kernel choice: panel 75x75 (exact) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: block-register 75x75 (exact) always
// EXACT: remark: kernel choice: panel 75x75 (exact) always
func.func @f64_64x75x75(%a: memref<64x75x75xf64>, %lu: memref<64x75x75xf64>, %p: memref<64x75xi32>, %i: memref<64xi32>) {
  linalgx.lu ins(%a : memref<64x75x75xf64>) outs(%lu, %p, %i : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>)
  return
}

// AUTO: remark: kernel choice: block-register 32x32 (exact) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: block-register 32x32 (exact) always
// EXACT: remark: kernel choice: block-register 32x32 (exact) always
func.func @f64_4096x32x32(%a: memref<4096x32x32xf64>, %lu: memref<4096x32x32xf64>, %p: memref<4096x32xi32>, %i: memref<4096xi32>) {
  linalgx.lu ins(%a : memref<4096x32x32xf64>) outs(%lu, %p, %i : memref<4096x32x32xf64>, memref<4096x32xi32>, memref<4096xi32>)
  return
}

// Large batches: the panel kernel from 49 rows or columns on, the block
// register kernel below (unless lu-panel-any-batch-min-size says otherwise).
// AUTO: remark: kernel choice: block-register 40x40 (exact) always
// SMALLBATCH: remark: kernel choice: block-register 40x40 (exact) always
func.func @f32_16384x40x40(%a: memref<16384x40x40xf32>, %lu: memref<16384x40x40xf32>, %p: memref<16384x40xi32>, %i: memref<16384xi32>) {
  linalgx.lu ins(%a : memref<16384x40x40xf32>) outs(%lu, %p, %i : memref<16384x40x40xf32>, memref<16384x40xi32>, memref<16384xi32>)
  return
}

// AUTO: remark: kernel choice: panel 64x64 (exact) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: block-register 64x64 (exact) always
// EXACT: remark: kernel choice: panel 64x64 (exact) always
// SMALLBATCH: remark: kernel choice: block-register 64x64 (exact) always
func.func @f64_1024x64x64(%a: memref<1024x64x64xf64>, %lu: memref<1024x64x64xf64>, %p: memref<1024x64xi32>, %i: memref<1024xi32>) {
  linalgx.lu ins(%a : memref<1024x64x64xf64>) outs(%lu, %p, %i : memref<1024x64x64xf64>, memref<1024x64xi32>, memref<1024xi32>)
  return
}

// AUTO: remark: kernel choice: panel 128x128 (exact) always
// NOPANEL: remark: kernel choice: shared-memory always
// SMALLBATCH: remark: kernel choice: shared-memory always
func.func @f64_256x128x128(%a: memref<256x128x128xf64>, %lu: memref<256x128x128xf64>, %p: memref<256x128xi32>, %i: memref<256xi32>) {
  linalgx.lu ins(%a : memref<256x128x128xf64>) outs(%lu, %p, %i : memref<256x128x128xf64>, memref<256x128xi32>, memref<256xi32>)
  return
}

// AUTO: remark: kernel choice: shared-memory always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: shared-memory always
// EXACT: remark: kernel choice: shared-memory always
func.func @c64_100x100(%a: memref<100x100xcomplex<f64>>, %lu: memref<100x100xcomplex<f64>>, %p: memref<100xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<100x100xcomplex<f64>>) outs(%lu, %p, %i : memref<100x100xcomplex<f64>>, memref<100xi32>, memref<i32>)
  return
}

// AUTO: remark: kernel choice: shared-memory always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: shared-memory always
// EXACT: remark: kernel choice: shared-memory always
func.func @f32_20x200(%a: memref<20x200xf32>, %lu: memref<20x200xf32>, %p: memref<20xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<20x200xf32>) outs(%lu, %p, %i : memref<20x200xf32>, memref<20xi32>, memref<i32>)
  return
}

// A single large real matrix takes the blocked LU up to 65536 bytes a row
// (lu-blocked-single-max-bytes: 8192 rows), the vendor's above; batches
// take it up to 8192 rows (lu-blocked-max-size) where its panel fits a
// cluster (6928 f64 rows, 13664 f32) or the register panels (8192 f64).
// AUTO: remark: kernel choice: blocked always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: blocked always
// EXACT: remark: kernel choice: else vendor
func.func @f64_1024x1024(%a: memref<1024x1024xf64>, %lu: memref<1024x1024xf64>, %p: memref<1024xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<1024x1024xf64>) outs(%lu, %p, %i : memref<1024x1024xf64>, memref<1024xi32>, memref<i32>)
  return
}

// Single real matrices take the blocked LU up to lu-blocked-single-max-bytes
// a row: SINGLE4K (32768, the default before blocks of panels) to 4096 f64
// rows.
// AUTO: kernel-choice.mlir:[[@LINE+5]]:{{[0-9]+}}: remark: kernel choice: blocked always
// AUTO: kernel-choice.mlir:[[@LINE+8]]:{{[0-9]+}}: remark: kernel choice: blocked always
// SINGLE4K: kernel-choice.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: kernel choice: blocked always
// SINGLE4K: kernel-choice.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: kernel choice: else vendor
func.func @f64_4096x4096(%a: memref<4096x4096xf64>, %lu: memref<4096x4096xf64>, %p: memref<4096xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4096x4096xf64>) outs(%lu, %p, %i : memref<4096x4096xf64>, memref<4096xi32>, memref<i32>)
  return
}
func.func @f64_4097x4097(%a: memref<4097x4097xf64>, %lu: memref<4097x4097xf64>, %p: memref<4097xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4097x4097xf64>) outs(%lu, %p, %i : memref<4097x4097xf64>, memref<4097xi32>, memref<i32>)
  return
}

// f32 to 8192 rows either way (lu-blocked-max-size past it).
// AUTO: kernel-choice.mlir:[[@LINE+5]]:{{[0-9]+}}: remark: kernel choice: blocked always
// AUTO: kernel-choice.mlir:[[@LINE+8]]:{{[0-9]+}}: remark: kernel choice: else vendor
// SINGLE4K: kernel-choice.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: kernel choice: blocked always
// SINGLE4K: kernel-choice.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: kernel choice: else vendor
func.func @f32_8192x8192(%a: memref<8192x8192xf32>, %lu: memref<8192x8192xf32>, %p: memref<8192xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8192x8192xf32>) outs(%lu, %p, %i : memref<8192x8192xf32>, memref<8192xi32>, memref<i32>)
  return
}
func.func @f32_8193x8193(%a: memref<8193x8193xf32>, %lu: memref<8193x8193xf32>, %p: memref<8193xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8193x8193xf32>) outs(%lu, %p, %i : memref<8193x8193xf32>, memref<8193xi32>, memref<i32>)
  return
}

// f64 past the cluster panel's 6928 rows: blocked where the register panels
// take the panels (lu-blocked-register-panel-max-rows, f64 up to 8192), the
// vendor's otherwise (4096 rows under SINGLE4K).
// AUTO: kernel-choice.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: kernel choice: blocked always
// SINGLE4K: kernel-choice.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: kernel choice: else vendor
func.func @f64_8192x8192(%a: memref<8192x8192xf64>, %lu: memref<8192x8192xf64>, %p: memref<8192xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8192x8192xf64>) outs(%lu, %p, %i : memref<8192x8192xf64>, memref<8192xi32>, memref<i32>)
  return
}

// AUTO: remark: kernel choice: blocked always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: blocked always
// EXACT: remark: kernel choice: else vendor
func.func @f32_8x512x512(%a: memref<8x512x512xf32>, %lu: memref<8x512x512xf32>, %p: memref<8x512xi32>, %i: memref<8xi32>) {
  linalgx.lu ins(%a : memref<8x512x512xf32>) outs(%lu, %p, %i : memref<8x512x512xf32>, memref<8x512xi32>, memref<8xi32>)
  return
}

// AUTO: remark: kernel choice: panel 75x75 (exact) always
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: cyclic 75x75 (exact) if B <= 8;
// NOPANEL-SAME: block-register 75x75 (exact) always
// EXACT: remark: kernel choice: panel 75x75 (exact) always
// SMALLBATCH: remark: kernel choice: panel 75x75 (exact) if B <= 132;
// SMALLBATCH-SAME: block-register 75x75 (exact) always
func.func @f64_dynamic_batch_75x75(%a: memref<?x75x75xf64>, %lu: memref<?x75x75xf64>, %p: memref<?x75xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x75x75xf64>) outs(%lu, %p, %i : memref<?x75x75xf64>, memref<?x75xi32>, memref<?xi32>)
  return
}

// AUTO: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; register 8x8 (bound) if max(M, N) <= 8;
// AUTO-SAME: register 16x16 (bound) if max(M, N) <= 16;
// AUTO-SAME: block-register 32x32 (bound) if max(M, N) <= 32;
// AUTO-SAME: panel 48x48 (bound) if max(M, N) <= 48 and B <= 132;
// AUTO-SAME: panel 64x64 (bound) if max(M, N) <= 64 and (B <= 132 or max(M, N) >= 49);
// AUTO-SAME: panel 80x80 (bound) if max(M, N) <= 80 and (B <= 132 or max(M, N) >= 49);
// AUTO-SAME: panel 96x96 (bound) if max(M, N) <= 96 and (B <= 132 or max(M, N) >= 49);
// AUTO-SAME: panel 128x128 (bound) if max(M, N) <= 128 and (B <= 132 or max(M, N) >= 49);
// AUTO-SAME: block-register 48x48 (bound) if max(M, N) <= 48;
// AUTO-SAME: shared-memory if a matrix fits shared memory;
// AUTO-SAME: blocked if (B >= 2 or max(M, N) <= 8192) and (M <= 8192 or a panel fits a cluster's shared memory) and max(M, N) <= 8192;
// AUTO-SAME: else vendor
// SINGLE4K: remark: kernel choice: {{.*}}; blocked if (B >= 2 or max(M, N) <= 4096) and (M <= 4096 or a panel fits a cluster's shared memory) and max(M, N) <= 8192; else vendor
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; register 8x8 (bound) if max(M, N) <= 8;
// NOPANEL-SAME: register 16x16 (bound) if max(M, N) <= 16;
// NOPANEL-SAME: block-register 32x32 (bound) if max(M, N) <= 32;
// NOPANEL-SAME: cyclic 48x48 (bound) if max(M, N) <= 48 and B <= 8;
// NOPANEL-SAME: cyclic 64x64 (bound) if max(M, N) <= 64 and B <= 8;
// NOPANEL-SAME: cyclic 80x80 (bound) if max(M, N) <= 80 and B <= 8;
// NOPANEL-SAME: cyclic 96x96 (bound) if max(M, N) <= 96 and B <= 8;
// NOPANEL-SAME: cyclic 128x128 (bound) if max(M, N) <= 128 and B <= 8;
// NOPANEL-SAME: block-register 48x48 (bound) if max(M, N) <= 48;
// NOPANEL-SAME: block-register 64x64 (bound) if max(M, N) <= 64;
// NOPANEL-SAME: block-register 80x80 (bound) if max(M, N) <= 80;
// NOPANEL-SAME: block-register 96x96 (bound) if max(M, N) <= 96;
// NOPANEL-SAME: shared-memory if a matrix fits shared memory;
// NOPANEL-SAME: blocked if (B >= 2 or max(M, N) <= 8192) and (M <= 8192 or a panel fits a cluster's shared memory) and max(M, N) <= 8192;
// NOPANEL-SAME: else vendor
// EXACT: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; register 8x8 (bound) if max(M, N) <= 8;
// EXACT-SAME: register 16x16 (bound) if max(M, N) <= 16;
// EXACT-SAME: panel 75x75 (exact) if M == N == 75;
// EXACT-SAME: block-register 32x32 (bound) if max(M, N) <= 32;
// EXACT-SAME: panel 48x48 (bound) if max(M, N) <= 48 and B <= 132;
// EXACT-SAME: panel 64x64 (bound) if max(M, N) <= 64 and (B <= 132 or max(M, N) >= 49);
// EXACT-SAME: panel 80x80 (bound) if max(M, N) <= 80 and (B <= 132 or max(M, N) >= 49);
// EXACT-SAME: panel 96x96 (bound) if max(M, N) <= 96 and (B <= 132 or max(M, N) >= 49);
// EXACT-SAME: panel 128x128 (bound) if max(M, N) <= 128 and (B <= 132 or max(M, N) >= 49);
// EXACT-SAME: block-register 48x48 (bound) if max(M, N) <= 48;
// EXACT-SAME: shared-memory if a matrix fits shared memory;
// EXACT-SAME: blocked if (B >= 2 or max(M, N) <= 8192) and (M <= 8192 or a panel fits a cluster's shared memory) and max(M, N) <= 0;
// EXACT-SAME: else vendor
// SMALLBATCH: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; register 8x8 (bound) if max(M, N) <= 8;
// SMALLBATCH-SAME: register 16x16 (bound) if max(M, N) <= 16;
// SMALLBATCH-SAME: block-register 32x32 (bound) if max(M, N) <= 32;
// SMALLBATCH-SAME: panel 48x48 (bound) if max(M, N) <= 48 and B <= 132;
// SMALLBATCH-SAME: panel 64x64 (bound) if max(M, N) <= 64 and B <= 132;
// SMALLBATCH-SAME: panel 80x80 (bound) if max(M, N) <= 80 and B <= 132;
// SMALLBATCH-SAME: panel 96x96 (bound) if max(M, N) <= 96 and B <= 132;
// SMALLBATCH-SAME: panel 128x128 (bound) if max(M, N) <= 128 and B <= 132;
// SMALLBATCH-SAME: block-register 48x48 (bound) if max(M, N) <= 48;
// SMALLBATCH-SAME: block-register 64x64 (bound) if max(M, N) <= 64;
// SMALLBATCH-SAME: block-register 80x80 (bound) if max(M, N) <= 80;
// SMALLBATCH-SAME: block-register 96x96 (bound) if max(M, N) <= 96;
// SMALLBATCH-SAME: shared-memory if a matrix fits shared memory;
func.func @f64_dynamic(%a: memref<?x?x?xf64>, %lu: memref<?x?x?xf64>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xf64>) outs(%lu, %p, %i : memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>)
  return
}

// AUTO: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; shared-memory if a matrix fits shared memory;
// AUTO-SAME: blocked if B >= 2 and a panel fits a cluster's shared memory and max(M, N) <= 8192;
// AUTO-SAME: else vendor
// Complex panels never take the register panels.
// SINGLE4K: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; shared-memory if a matrix fits shared memory;
// SINGLE4K-SAME: blocked if B >= 2 and a panel fits a cluster's shared memory and max(M, N) <= 8192;
// VENDOR: remark: kernel choice: else vendor
// NOPANEL: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; shared-memory if a matrix fits shared memory;
// NOPANEL-SAME: blocked if B >= 2 and a panel fits a cluster's shared memory and max(M, N) <= 8192;
// NOPANEL-SAME: else vendor
// EXACT: remark: kernel choice: thread 4x4 (bound) if max(M, N) <= 4; shared-memory if a matrix fits shared memory;
// EXACT-SAME: blocked if B >= 2 and a panel fits a cluster's shared memory and max(M, N) <= 0;
// EXACT-SAME: else vendor
func.func @c64_dynamic(%a: memref<?x?x?xcomplex<f32>>, %lu: memref<?x?x?xcomplex<f32>>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xcomplex<f32>>) outs(%lu, %p, %i : memref<?x?x?xcomplex<f32>>, memref<?x?xi32>, memref<?xi32>)
  return
}
