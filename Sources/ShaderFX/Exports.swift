@_exported import ShaderFXCore
@_exported import ShaderFXContract
