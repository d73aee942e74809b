import Testing
@testable import ShaderFX

@Test func surfacelessContextReportsRenderer() throws {
    let context = try GPUContext(options: GPUOptions(backend: .surfaceless))
    print(context.info)
    #expect(context.info.glVersion.contains("OpenGL ES 3"))
    #expect(context.info.maxTextureSize >= 2048)
}
