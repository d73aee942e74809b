@_exported import ShaderFXCore
