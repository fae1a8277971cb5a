//===- BufferizableOpInterfaceImpl.h - One-Shot Bufferize models -*- C++
//-*-===//

#ifndef LINALGX_DIALECT_LINALGX_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define LINALGX_DIALECT_LINALGX_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace linalgx {
/// Attaches BufferizableOpInterface external models to every linalgx op.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace linalgx
} // namespace mlir

#endif // LINALGX_DIALECT_LINALGX_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
