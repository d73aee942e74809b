@_exported import ShaderFX
