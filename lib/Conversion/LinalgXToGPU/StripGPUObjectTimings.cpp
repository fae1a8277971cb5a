//===- StripGPUObjectTimings.cpp - deterministic gpu.binary objects -------===//
//
// gpu-module-to-binary stores its compile times in each object's
// properties; removing them makes linalgx-gpu-pipeline's output depend on
// its input alone (same input, same bytes), which caches and reproducible
// builds need.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_STRIPGPUOBJECTTIMINGS
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;

namespace {

/// `object` without the properties named *TimeInMs (null properties when
/// nothing else is left).
gpu::ObjectAttr withoutTimings(gpu::ObjectAttr object) {
  DictionaryAttr properties = object.getProperties();
  if (!properties)
    return object;
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute property : properties)
    if (!property.getName().strref().ends_with("TimeInMs"))
      kept.push_back(property);
  if (kept.size() == properties.size())
    return object;
  MLIRContext *context = object.getContext();
  return gpu::ObjectAttr::get(
      context, object.getTarget(), object.getFormat(), object.getObject(),
      kept.empty() ? DictionaryAttr() : DictionaryAttr::get(context, kept),
      object.getKernels());
}

struct StripGPUObjectTimingsPass
    : public linalgx::impl::StripGPUObjectTimingsBase<
          StripGPUObjectTimingsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::BinaryOp binary) {
      SmallVector<Attribute> objects;
      for (Attribute object : binary.getObjectsAttr())
        objects.push_back(withoutTimings(cast<gpu::ObjectAttr>(object)));
      binary.setObjectsAttr(ArrayAttr::get(binary.getContext(), objects));
    });
  }
};

} // namespace
