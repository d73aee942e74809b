// `import ShaderFXUI` stands where a SwiftUI view file has `import SwiftUI`: it brings the effect
// layer (`Shader`, `ShaderLibrary`, `Renderer`, `RGBAImage`, `UnitPoint`) and the text engine
// (`Font`, `TextAlignment`) with it, as SwiftUI brings its own.
@_exported import ShaderFX
@_exported import ShaderFXText
@_exported import Foundation
