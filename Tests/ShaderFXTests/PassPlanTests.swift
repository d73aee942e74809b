import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// Where passes draw, computed without a GPU.
@Suite struct PassPlanTests {
    static let library = ShaderLibrary(source: """
        vec4 shift(vec2 position, Layer layer) { return sampleLayer(layer, position + vec2(3.0, 0.0)); }
        vec4 tint(vec2 position, vec4 color) { return color; }
        """)
    static func layer(offset: SIMD2<Float>, reduction: Int = 1) -> Effect {
        Effect(kind: .layer, shader: library.shift(), maxSampleOffset: offset, reduction: reduction)
    }

    @Test func aPassOnTheOutputGridGrowsByItsOffsetAtTheScale() throws {
        let plan = try PassPlan(effects: [Self.layer(offset: SIMD2(2.5, 7)), .colorEffect(Self.library.tint())],
                                size: SIMD2(40, 30), scale: 2, maxDimension: 16384)
        #expect(plan.passes.map(\.margin) == [SIMD2(5, 14), .zero])
        #expect(plan.passes.map(\.frame) == [SIMD2(80, 60), SIMD2(80, 60)])
        #expect(plan.passes.map(\.reduction) == [1, 1])
        #expect(plan.widestMargin == SIMD2(5, 14))
        #expect(plan.lastMargin == .zero)
        #expect(plan.effects.count == 2)
    }

    @Test func aReducedPassRoundsItsGridUpToCoverTheRegion() throws {
        let plan = try PassPlan(effects: [Self.layer(offset: SIMD2(100, 9), reduction: 8)], size: SIMD2(129, 96), scale: 1, maxDimension: 16384)
        let pass = try #require(plan.passes.first)
        #expect(pass.reduction == 8)
        #expect(pass.margin == SIMD2(13, 2))  // ceil(100 / 8), ceil(9 / 8)
        #expect(pass.frame == SIMD2(17, 12))  // ceil(129 / 8), 96 / 8
        #expect(pass.outputMargin == SIMD2(100, 9))
        #expect(plan.widestMargin == SIMD2(100, 9) && plan.lastMargin == SIMD2(100, 9))
    }

    @Test func theBlursLargestRadiusRunsOnAGridOfFiftyCells() throws {
        let plan = try PassPlan(effects: Blur(radius: 500).passes, size: SIMD2(128, 96), scale: 1, maxDimension: 16384)
        #expect(plan.passes[0].frame == SIMD2(2, 2) && plan.passes[0].margin == SIMD2(24, 24))
    }

    @Test func anOffsetBeyondAnyGPUIsABudgetError() {
        for offset in [Float.infinity, .nan, 2e9] {
            #expect(throws: RenderBudgetError.self) {
                try PassPlan(effects: [Self.layer(offset: SIMD2(offset, 0))], size: SIMD2(4, 4), scale: 1, maxDimension: 16384)
            }
        }
        let negative = try? PassPlan(effects: [Self.layer(offset: SIMD2(-5, 0))], size: SIMD2(4, 4), scale: 1, maxDimension: 16384)
        #expect(negative?.passes[0].margin == .zero)
    }

    @Test func noEffectsIsAnEmptyPlan() throws {
        let plan = try PassPlan(effects: [], size: SIMD2(4, 3), scale: 3, maxDimension: 16384)
        #expect(plan.passes.isEmpty && plan.widestMargin == .zero && plan.lastMargin == .zero)
    }
}
