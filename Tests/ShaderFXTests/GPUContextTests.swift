import Testing
@testable import ShaderFX
@testable import ShaderFXCore

@Test func surfacelessContextReportsRenderer() throws {
    let context = try GPUContext(options: GPUOptions(backend: .surfaceless))
    print(context.info)
    #expect(context.info.glVersion.contains("OpenGL ES 3"))
    #expect(context.info.maxTextureSize >= 2048)
}

@Test func droppingOneContextLeavesTheOthersWorking() throws {
    // EGL hands every context the same display; ending one context must not end the display.
    let shared = try TestGPU.get()
    do {
        let other = try GPUContext(options: GPUOptions(backend: .surfaceless))
        #expect(other.info.renderer == shared.context.info.renderer)
    }
    let image = gradientImage()
    #expect(try shared.render(image, effects: []) == image)
}
