import Dispatch
import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// A renderer is `Sendable`: threads sharing one take turns, and each gets its own result.
@Suite struct RendererSharingTests {
    @Test func threadsSharingARendererGetTheirOwnResults() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        let image = gradientImage(width: 24, height: 18)
        let times: [Float] = [0.04, 0.08, 0.12, 0.16]
        let effects = times.map { Ripple().with(\.origin, SIMD2(12, 9)).with(\.time, $0).effect }
        let alone = try Renderer(context: renderer.context)
        let expected = try effects.map { try alone.render(image, effects: [$0]) }
        let expectedStraight = try effects.map { try alone.renderStraight(image, effects: [$0]).premultipliedImage }
        let results = Results(count: effects.count * 3)
        DispatchQueue.concurrentPerform(iterations: effects.count * 3) { job in
            let effect = effects[job % effects.count]
            results.set(job, Result {
                _ = renderer.statistics
                renderer.budget.maxPixels = RenderBudget.defaultMaxPixels
                return job % 2 == 0
                    ? try renderer.render(image, effects: [effect])
                    : try renderer.renderStraight(image, effects: [effect]).premultipliedImage
            })
        }
        for job in 0..<effects.count * 3 {
            let image = try results.get(job)
            #expect(image == (job % 2 == 0 ? expected : expectedStraight)[job % effects.count], "job \(job)")
        }
        #expect(renderer.statistics.frames == effects.count * 3)
    }

    /// The jobs' results, each written by one thread.
    final class Results: @unchecked Sendable {
        private var values: [Result<RGBAImage, any Error>?]
        private let lock = NSLock()
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<RGBAImage, any Error>) { lock.withLock { values[index] = value } }
        func get(_ index: Int) throws -> RGBAImage { try lock.withLock { values[index]! }.get() }
    }
}
