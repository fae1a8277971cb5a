//===- GenericForm.h - Reading StableHLO in MLIR's generic form -*- C++ -*-===//
//
// The StableHLO dialect is not available here: JAX's exports are read in the
// generic form, as unregistered operations. These helpers read their
// attributes, shared by the JAX import passes.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_JAXTOLINALGX_GENERICFORM_H
#define LINALGX_LIB_CONVERSION_JAXTOLINALGX_GENERICFORM_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::linalgx::generic_form {

/// The attribute `name` of `op`: an inherent attribute, which the generic form
/// of an unregistered op keeps in its properties (`<{...}>`), or else a
/// discardable one (`{...}`, where older printers put everything).
inline Attribute getAttr(Operation *op, StringRef name) {
  if (auto properties =
          dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
    if (Attribute attr = properties.get(name))
      return attr;
  return op->getAttr(name);
}

/// The value of a StableHLO enum attribute, `#stablehlo<kind VALUE>`, which
/// reads as an opaque attribute without the dialect.
inline std::optional<StringRef> getEnum(Operation *op, StringRef name,
                                        StringRef kind) {
  auto opaque = dyn_cast_or_null<OpaqueAttr>(getAttr(op, name));
  if (!opaque || opaque.getDialectNamespace() != "stablehlo")
    return std::nullopt;
  StringRef data = opaque.getAttrData();
  if (!data.consume_front(kind) || !data.consume_front(" "))
    return std::nullopt;
  return data.trim();
}

/// An integer attribute or a `array<i64: ...>` of `op`.
inline std::optional<int64_t> getInteger(Operation *op, StringRef name) {
  if (auto integer = dyn_cast_or_null<IntegerAttr>(getAttr(op, name)))
    return integer.getInt();
  return std::nullopt;
}

inline std::optional<ArrayRef<int64_t>> getI64Array(Operation *op,
                                                    StringRef name) {
  if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(getAttr(op, name)))
    return array.asArrayRef();
  return std::nullopt;
}

} // namespace mlir::linalgx::generic_form

#endif // LINALGX_LIB_CONVERSION_JAXTOLINALGX_GENERICFORM_H
