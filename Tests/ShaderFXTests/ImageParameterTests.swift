import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// Image parameters are decoded once per run, within the render budget (`ImageStore`), and an
/// animation works on the effect's typed value, so no frame reads a file.
@Suite struct ImageParameterTests {
    /// A `width` x `height` mask whose alpha rises left to right, written to a fresh folder.
    private func mask(width: Int = 8, height: Int = 4, level: Float = 1) throws -> (folder: URL, path: String, image: RGBAImage) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shaderfx-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = level * Float(x) / Float(max(width - 1, 1))
                image[x, y] = SIMD4(a, a, a, a)
            }
        }
        let path = folder.appendingPathComponent("mask.png").path
        try PNG.write(image, to: path)
        return (folder, path, try PNG.read(path: path))
    }

    @Test func thirtyFramesOfAMaskedBlurDecodeTheMaskOnce() throws {
        let (folder, path, decoded) = try mask()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ImageStore()
        let values = ParameterValues(["mask": path, "max-samples": "6"], images: store)
        let keyframes = try EffectAnimator.keyframes(
            ["radius": [ArgumentKeyframe(time: 0, value: .numbers([2])), ArgumentKeyframe(time: 1, value: .numbers([12]))]],
            of: VariableBlur.self, base: values)
        #expect(store.decodes == 0, "keyframes are checked on typed values, without reading the mask")
        let animator = try EffectAnimator(effect: VariableBlur.self, base: values, events: EventScript(),
                                          size: SIMD2(64, 48), keyframes: keyframes)
        #expect(store.decodes == 1)
        // No frame reads the file again: it may even be gone.
        try FileManager.default.removeItem(atPath: path)
        for k in 0..<30 {
            let time = Double(k) / 30
            let blur = try #require(try animator.value(at: time) as? VariableBlur)
            #expect(blur.mask == decoded && blur.maxSamples == 6)
            #expect(abs(blur.radius - Float(2 + 10 * time)) < 1e-4, "frame \(k)")
            let passes = try animator.passes(at: time)
            #expect(passes.count == 2 && passes[0].maxSampleOffset == SIMD2(repeating: blur.radius))
        }
        #expect(store.decodes == 1, "30 frames, one decode")
    }

    @Test func aTimeDrivenEffectWritesItsTimePropertyNotText() throws {
        let (folder, path, decoded) = try mask(width: 16, height: 16)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ImageStore()
        let animator = try EffectAnimator(effect: BackgroundWarp.self, base: ParameterValues(["noise": path], images: store),
                                          events: EventScript(), size: SIMD2(32, 32))
        for time in [0.0, 0.25, 1.5] {
            let warp = try #require(try animator.value(at: time) as? BackgroundWarp)
            #expect(warp.time == Float(time) && warp.noise == decoded)
            #expect(try animator.passes(at: time).map(\.shader.arguments) == BackgroundWarp { $0.time = Float(time); $0.noise = decoded }.passes.map(\.shader.arguments))
        }
        #expect(store.decodes == 1)
        #expect(BackgroundWarp.animation == .time(parameter: "time", duration: nil))
    }

    @Test func keyframeValuesAreCheckedOnTypedValuesAsTheirTextWouldBe() throws {
        let bad = #expect(throws: ParameterError.self) {
            try EffectAnimator.keyframes(["radius": [ArgumentKeyframe(time: 0, value: .numbers([2])), ArgumentKeyframe(time: 1, value: .numbers([-5]))]],
                                         of: Blur.self, base: ParameterValues())
        }
        #expect(bad?.reason == "values blur takes in keyframe 2 (at 1 s: must be between 0.0 and 500.0, got -5.0)")
        let whole = #expect(throws: ParameterError.self) {
            try EffectAnimator.keyframes(["max-samples": [ArgumentKeyframe(time: 0, value: .numbers([3]))]],
                                         of: VariableBlur.self, base: ParameterValues())
        }
        #expect(whole?.reason == "values variable-blur takes in keyframe 1 (at 0 s: expected a whole number, got '3.0')")
        let colour = #expect(throws: ParameterError.self) {
            try EffectAnimator.keyframes(["replacement": [ArgumentKeyframe(time: 0, value: .numbers([0, 0.5, 1.5, 1]))]],
                                         of: Checkerboard.self, base: ParameterValues())
        }
        #expect(colour?.reason.contains("colour component '1.5' in '0.0,0.5,1.5,1.0' is outside 0...1") == true, "\(colour!)")
        // The typed animator sets the keyframed row on the value.
        let keyframes = try EffectAnimator.keyframes(
            ["origin": [ArgumentKeyframe(time: 0, value: .numbers([0, 0])), ArgumentKeyframe(time: 2, value: .numbers([40, 20]))]],
            of: Ripple.self, base: ParameterValues())
        let animator = try EffectAnimator(Ripple(), events: EventScript(taps: [EventScript.Touch(time: 0, x: 5, y: 5)]),
                                          size: SIMD2(50, 50), keyframes: keyframes)
        let ripple = try #require(try animator.value(at: 1) as? Ripple)
        #expect(ripple.origin == SIMD2(20, 10) && ripple.time == 1, "the keyframes override the tap's origin; the tap's time runs")
    }

    @Test func theStoreDecodesAFileOnceSharedByItsPathsAndAgainWhenItChanges() throws {
        let (folder, path, first) = try mask()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ImageStore()
        let link = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(try store.image(path: path) == first)
        #expect(try store.image(path: folder.path + "/./mask.png") == first)
        #expect(try store.image(path: link) == first)
        #expect(store.decodes == 1, "one file, three names")

        // Rewritten (a new file renamed over it, as editors and PNG.write do): decoded again.
        var second = first
        second[0, 0] = SIMD4(1, 0, 0, 1)
        try PNG.write(second, to: path)
        let reread = try store.image(path: path)
        #expect(try reread != first && reread == PNG.read(path: path))
        #expect(store.decodes == 2)
        #expect(try store.image(path: link) == reread)
        #expect(store.decodes == 2)

        // Rewritten in place (the same inode, the same size): decoded again too.
        var third = first
        third[0, 0] = SIMD4(0, 0, 1, 1)
        let scratch = folder.appendingPathComponent("scratch.png").path
        try PNG.write(third, to: scratch)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch))
        let inode = { (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) }
        let before = try inode()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        #expect(try inode() == before)
        #expect(try store.image(path: path) == PNG.read(path: scratch))
        #expect(store.decodes == 3)
    }

    @Test func aFileOverTheBudgetIsRefusedBeforeItIsDecoded() throws {
        let (folder, path, _) = try mask(width: 40, height: 30)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ImageStore(budget: RenderBudget(maxPixels: 1000))
        let error = #expect(throws: RenderBudgetError.self) { try store.image(path: path) }
        #expect(error?.file == path && "\(error!)".contains("over the pixel budget of 1000 pixels"))
        #expect(store.decodes == 0)
        // Through a parameter: the budget's error, naming the file, as the parameter's.
        let refused = #expect(throws: ParameterError.self) {
            try VariableBlur(values: ParameterValues(["mask": path], images: store))
        }
        #expect(refused?.parameter == "mask" && refused!.reason.contains("over the pixel budget"))
        #expect(store.decodes == 0)
        // A kept image is checked against a budget lowered later (the GPU's, once it is up).
        store.budget = RenderBudget()
        _ = try store.image(path: path)
        store.budget = RenderBudget(maxPixels: 1000)
        #expect(throws: RenderBudgetError.self) { try store.image(path: path) }
        #expect(store.decodes == 1)
    }

    @Test func theStoreKeepsAtMostItsBytesLeastRecentlyUsedFirst() throws {
        let (folder, path, _) = try mask(width: 8, height: 8)
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("other.png").path
        try PNG.write(RGBAImage(width: 8, height: 8), to: other)
        let store = ImageStore(maxBytes: 8 * 8 * 16)
        _ = try store.image(path: path)
        _ = try store.image(path: other)
        _ = try store.image(path: other)
        #expect(store.decodes == 2)
        _ = try store.image(path: path)
        #expect(store.decodes == 3, "the first was dropped to keep the second")
    }
}
