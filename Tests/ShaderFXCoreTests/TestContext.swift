@testable import ShaderFXCore

/// One surfaceless context for the Core tests that need a GPU, made on first use.
enum TestContext {
    private static let context = Result { try GPUContext(options: GPUOptions(backend: .surfaceless)) }

    /// The shared context, or the error of opening it.
    static func shared() throws -> GPUContext { try context.get() }
}
