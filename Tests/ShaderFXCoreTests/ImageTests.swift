import Testing
@testable import ShaderFXCore

@Test func imageFillAndSubscript() {
    var image = RGBAImage(width: 3, height: 2, fill: SIMD4(0.5, 0, 0, 0.5))
    #expect(image[2, 1] == SIMD4(0.5, 0, 0, 0.5))
    image[0, 0] = SIMD4(0, 0, 0, 0)
    #expect(image[0, 0] == .zero)
    #expect(!image.isOpaque)
}
