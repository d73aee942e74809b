/// Where each pass of an effect chain draws: its layer's margin (the effect's `maxSampleOffset`
/// at the output scale) and frame, on the output's pixel grid or a grid `reduction` times
/// coarser. A pure value, computed before anything is allocated: the budget is checked against
/// it, and the passes are drawn from it.
struct PassPlan: Equatable {
    /// One effect's pass.
    struct Pass: Equatable {
        let effect: Effect
        /// Growth around the frame on every side, in pixels of this pass's grid.
        let margin: SIMD2<Int>
        /// The picture's frame in pixels of this pass's grid (rounded up to cover it).
        let frame: SIMD2<Int>
        /// How many output pixels a pixel of this pass's grid spans along each axis (1, or a
        /// power of two: `Effect.reduction`).
        let reduction: Int
        /// The margin in output pixels (before the reduction), what the budget counts.
        let outputMargin: SIMD2<Int>
    }

    /// The picture's size in points.
    let size: SIMD2<Int>
    /// Pixels per point of the output.
    let scale: Int
    let passes: [Pass]

    /// - Throws: `RenderBudgetError` when an effect's offset is not finite or beyond any GPU's
    ///   size (`maxDimension` is the limit the error names).
    init(effects: [Effect], size: SIMD2<Int>, scale: Int, maxDimension: Int) throws(RenderBudgetError) {
        self.size = size
        self.scale = scale
        var passes: [Pass] = []
        passes.reserveCapacity(effects.count)
        for effect in effects {
            let margin = try Self.margin(of: effect, scale: scale, maxDimension: maxDimension)
            let r = max(1, effect.reduction)
            if r > 1 {
                passes.append(Pass(effect: effect, margin: (margin &+ (r - 1)) / r, frame: (size &* scale &+ (r - 1)) / r,
                                   reduction: r, outputMargin: margin))
            } else {
                passes.append(Pass(effect: effect, margin: margin, frame: size &* scale, reduction: 1, outputMargin: margin))
            }
        }
        self.passes = passes
    }

    /// The margin, in pixels, that `effect` grows its layer by at `scale`.
    /// - Throws: `RenderBudgetError` when the offset is not finite or beyond any GPU's size.
    static func margin(of effect: Effect, scale: Int, maxDimension: Int) throws(RenderBudgetError) -> SIMD2<Int> {
        let points = effect.maxSampleOffset * Float(scale)
        guard points.x.isFinite, points.y.isFinite, points.x < 1e9, points.y < 1e9 else {
            throw RenderBudgetError(width: .max - 1, height: .max - 1, kind: .dimension(limit: maxDimension))
        }
        return SIMD2(Int(max(0, points.x).rounded(.up)), Int(max(0, points.y).rounded(.up)))
    }

    /// The effects, in order.
    var effects: [Effect] { passes.map(\.effect) }

    /// The widest margin of any pass in output pixels: the largest layer's growth.
    var widestMargin: SIMD2<Int> { passes.reduce(.zero) { pointwiseMax($0, $1.outputMargin) } }

    /// The margin of the output when the whole grown region is read: the last pass's.
    var lastMargin: SIMD2<Int> { passes.last?.outputMargin ?? .zero }
}
